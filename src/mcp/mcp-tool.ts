/**
 * An MCP server's tool as one of tick's tools, named `mcp__<server>__<tool>`: its input
 * schema goes to the model as the server wrote it; the permission gate asks (access `mcp`)
 * with the title, the whole arguments and the server's claims; hooks see Claude Code's
 * payloads (`tool_name` the same name, `tool_input` the arguments, `tool_response` the
 * content blocks); the result is text, cut and kept in a file as bash's long output is.
 */
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ObjectSchema, JsonSchema } from '../tools/schema';
import type { Tool, ToolResult } from '../tools/types';
import { cutMiddle, MAX_OUTPUT_CHARS } from '../tools/output-buffer';
import { ABORTED_TEXT } from '../protocol/cancel-text';
import { argumentsSummary, approvalReason, approvalSubject } from './describe';
import { extensionFor, mediaBlocks, resultText, structuredLine } from './result';
import { McpCallError, type McpConnection, type McpToolInfo } from './connection';
import { mcpToolName } from './tool-names';
import { makePrivateDirAsync, PRIVATE_FILE_MODE } from '../util/private-files';

/** What the UI shows of an MCP call besides its arguments. */
export interface McpToolFace {
  server: string;
  tool: string;
  title: string;
  annotations?: ToolAnnotations;
}

/** Descriptions past this are cut: a server's essay costs every request its tokens. */
const MAX_DESCRIPTION = 4_000;

type Args = Record<string, unknown>;

/** The server's JSON Schema, passed on; only the shape the loop relies on is checked here. */
export function passThroughSchema(inputSchema: McpToolInfo['inputSchema']): ObjectSchema<Args> {
  const { $schema: _ignored, ...schema } = inputSchema as JsonSchema;
  const required = Array.isArray(schema.required)
    ? (schema.required as unknown[]).filter((k): k is string => typeof k === 'string')
    : [];
  const model: JsonSchema = { ...schema, type: 'object', properties: schema.properties ?? {} };
  return {
    jsonSchema: () => model,
    parse(value) {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return { ok: false, problems: ['the arguments must be a JSON object'] };
      const missing = required.filter((key) => !(key in value));
      if (missing.length)
        return { ok: false, problems: missing.map((key) => `${key} is required`) };
      // The server checks the rest against its own schema, and says what is wrong.
      return { ok: true, value: value as Args };
    },
  };
}

export function mcpTool(connection: McpConnection, info: McpToolInfo): Tool<ObjectSchema<Args>> {
  const server = connection.config.name;
  const name = mcpToolName(server, info.name);
  const title = info.title ?? info.annotations?.title ?? info.name;
  const description = info.description ?? title;
  return {
    name,
    description:
      description.length > MAX_DESCRIPTION
        ? `${description.slice(0, MAX_DESCRIPTION)}…`
        : description,
    schema: passThroughSchema(info.inputSchema),
    look: { role: 'mcp', resultShape: 'text' },
    access: (input) => ({
      kind: 'mcp',
      subject: approvalSubject(server, title, input),
      reason: approvalReason(info.annotations),
    }),
    summary: (input) => argumentsSummary(input),
    run: (input, ctx) => runMcpCall(connection, info.name, input, ctx),
    claude: {
      name,
      toolInput: (input) => input,
      fromToolInput: (toolInput) => toolInput,
    },
  };
}

async function runMcpCall(
  connection: McpConnection,
  tool: string,
  input: Args,
  ctx: Parameters<Tool['run']>[1],
): Promise<ToolResult> {
  let result: CallToolResult;
  try {
    result = await connection.call(tool, input, { signal: ctx.signal, onProgress: ctx.onOutput });
  } catch (error) {
    if (ctx.signal.aborted)
      return { output: ABORTED_TEXT, isError: true, claude: { error: ABORTED_TEXT } };
    const message =
      error instanceof McpCallError
        ? error.message
        : `MCP call failed: ${(error as Error).message}`;
    return { output: `Error: ${message}`, isError: true, claude: { error: message } };
  }
  const saved = await saveMedia(result, ctx.outputFile);
  const text = resultText(result, saved);
  const isError = result.isError === true;
  const claude = isError ? { error: text } : { response: result.content };
  const structured = structuredLine(result);
  const display = structured ? { display: { structured } } : {};
  if (text.length <= MAX_OUTPUT_CHARS) return { output: text, isError, claude, ...display };
  // As bash does with a long output: the model gets its head and tail and the file.
  const file = ctx.outputFile ? await keep(ctx.outputFile, text) : undefined;
  return {
    output: cutMiddle(text),
    isError,
    claude,
    ...display,
    ...(file ? { outputFile: file, outputChars: text.length } : {}),
  };
}

/** Images, audio and blobs go to files beside the call's output file (their bytes nowhere else). */
async function saveMedia(
  result: CallToolResult,
  outputFile: string | undefined,
): Promise<Map<number, string>> {
  const saved = new Map<number, string>();
  if (!outputFile) return saved;
  for (const block of mediaBlocks(result)) {
    const file = `${outputFile.replace(/\.txt$/, '')}-${block.index + 1}.${extensionFor(block.mimeType)}`;
    const kept = await keep(file, Buffer.from(block.data, 'base64'));
    if (kept) saved.set(block.index, kept);
  }
  return saved;
}

async function keep(file: string, data: string | Buffer): Promise<string | undefined> {
  try {
    await makePrivateDirAsync(dirname(file));
    await writeFile(file, data, { mode: PRIVATE_FILE_MODE });
    return file;
  } catch {
    return undefined;
  }
}
