/**
 * The session as Claude Code writes its transcript, for hook scripts that read
 * `transcript_path`: one JSON line per message, `{type: "user"|"assistant", message:
 * {role, content}}`, assistant content as blocks (`{type: "text", text}`, `{type:
 * "tool_use", id, name, input}` with Claude Code's tool names and fields) and tool results
 * as `tool_result` blocks of a user line. A companion of the session log (tick's own
 * format stays as it is), written beside it in `transcripts/<session-id>.jsonl`.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../util/private-files';
import { dirname, join } from 'node:path';
import type { ChatMessage } from '../model/types';
import { VERSION } from '../version';

/** `<sessions folder>/transcripts/<id>.jsonl`: the name ends in the session id, as Claude Code's. */
export function claudeTranscriptFile(sessionFolder: string, sessionId: string): string {
  return join(sessionFolder, 'transcripts', `${sessionId}.jsonl`);
}

export interface TranscriptMeta {
  sessionId: string;
  cwd: string;
  model: string;
  /** A tool call as Claude Code names it: `bash` + `{"command": ...}` -> `Bash` + its tool_input. */
  toolUse: (name: string, argumentsText: string) => { name: string; input: unknown };
  /** Set for a subagent's transcript: its lines are a side chain carrying its id. */
  agentId?: string;
}

type Block = Record<string, unknown>;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}

/** One message as Claude Code's transcript line (without the uuid chain). */
export function transcriptEntry(message: ChatMessage, meta: TranscriptMeta): Block {
  switch (message.role) {
    case 'assistant': {
      const content: Block[] = [];
      const text = textOf(message.content);
      if (text) content.push({ type: 'text', text });
      for (const call of message.tool_calls ?? []) {
        if (call.type !== 'function') continue;
        const { name, input } = meta.toolUse(call.function.name, call.function.arguments);
        content.push({ type: 'tool_use', id: call.id, name, input });
      }
      if (content.length === 0) content.push({ type: 'text', text: '' });
      const usesTools = content.some((block) => block.type === 'tool_use');
      return {
        type: 'assistant',
        message: {
          type: 'message',
          role: 'assistant',
          model: meta.model,
          content,
          stop_reason: usesTools ? 'tool_use' : 'end_turn',
        },
      };
    }
    case 'tool':
      return {
        type: 'user',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: message.tool_call_id,
              content: textOf(message.content),
            },
          ],
        },
      };
    case 'user':
      return { type: 'user', message: { role: 'user', content: textOf(message.content) } };
    default:
      return { type: 'system', content: textOf(message.content) };
  }
}

/**
 * Appends the Claude-shaped lines as messages are added, one synchronous write each.
 * The file appears at the first write or when a hook is about to get its path; a
 * resumed session's earlier messages are written first when the file is new.
 */
export class ClaudeTranscript {
  private parent: string | null = null;
  private started = false;
  private failed = false;

  constructor(
    readonly file: string,
    private readonly meta: TranscriptMeta,
    private readonly backlog: () => readonly ChatMessage[],
    private readonly onError?: (message: string) => void,
  ) {}

  /**
   * A subagent's own transcript (SubagentStop's `agent_transcript_path`), beside the session's
   * as Claude Code keeps it: `<session-id>/subagents/<agent id>.jsonl`, side-chain lines.
   */
  sidechain(agentId: string): ClaudeTranscript {
    const file = join(dirname(this.file), this.meta.sessionId, 'subagents', `${agentId}.jsonl`);
    return new ClaudeTranscript(file, { ...this.meta, agentId }, () => [], this.onError);
  }

  /** The path, with the file made to exist, for a hook about to read it. */
  path(): string {
    this.start();
    return this.file;
  }

  add(message: ChatMessage): void {
    this.start();
    this.write(message);
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    try {
      makePrivateDir(dirname(this.file));
      if (existsSync(this.file)) return;
      writeFileSync(this.file, '', { flag: 'a', mode: PRIVATE_FILE_MODE });
      for (const message of this.backlog()) this.write(message);
    } catch (error) {
      this.fail(error);
    }
  }

  private write(message: ChatMessage): void {
    if (this.failed) return;
    const uuid = randomUUID();
    const line = {
      parentUuid: this.parent,
      isSidechain: this.meta.agentId !== undefined,
      ...(this.meta.agentId !== undefined ? { agentId: this.meta.agentId } : {}),
      userType: 'external',
      cwd: this.meta.cwd,
      sessionId: this.meta.sessionId,
      version: VERSION,
      ...transcriptEntry(message, this.meta),
      uuid,
      timestamp: new Date().toISOString(),
    };
    try {
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
      this.parent = uuid;
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    const detail = error instanceof Error ? error.message : String(error);
    this.onError?.(`hook transcript ${this.file}: ${detail}; hooks reading it see no more`);
  }
}
