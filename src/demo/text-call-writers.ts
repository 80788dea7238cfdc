/**
 * How models write tool calls as text when the server does not parse them: the scripted
 * server's text dialects put a turn's calls into the answer in one of these shapes, as the
 * models' chat templates have them emit (Hermes/Qwen, Qwen3-Coder, Llama 3.x, Mistral v11,
 * DeepSeek V3.1, gpt-oss harmony, Kimi K2, GLM, Gemma 4).
 */
import type { ScriptedToolCall } from './script-types';

export const TEXT_CALL_STYLES = [
  'hermes',
  'qwen3-coder',
  'llama-json',
  'mistral',
  'deepseek',
  'harmony',
  'kimi',
  'glm',
  'gemma',
] as const;
export type TextCallStyle = (typeof TEXT_CALL_STYLES)[number];

function argsObject(call: ScriptedToolCall): Record<string, unknown> {
  if (typeof call.arguments !== 'string') return call.arguments;
  try {
    const parsed: unknown = JSON.parse(call.arguments);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function argsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** A value as the XML templates write it: strings raw, everything else as JSON. */
function xmlValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value in Gemma's call syntax: strings between `<|"|>`, keys bare. */
function gemmaValue(value: unknown): string {
  if (typeof value === 'string') return `<|"|>${value}<|"|>`;
  if (Array.isArray(value)) return `[${value.map(gemmaValue).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}:${gemmaValue(item)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const WRITERS: Record<TextCallStyle, (calls: readonly ScriptedToolCall[]) => string> = {
  hermes: (calls) =>
    calls
      .map(
        (c) =>
          `<tool_call>\n${JSON.stringify({ name: c.name, arguments: argsObject(c) })}\n</tool_call>`,
      )
      .join('\n'),
  'qwen3-coder': (calls) =>
    calls
      .map((c) => {
        const params = Object.entries(argsObject(c)).map(
          ([key, value]) => `<parameter=${key}>\n${xmlValue(value)}\n</parameter>\n`,
        );
        return `<tool_call>\n<function=${c.name}>\n${params.join('')}</function>\n</tool_call>`;
      })
      .join('\n'),
  'llama-json': (calls) =>
    calls.map((c) => JSON.stringify({ name: c.name, parameters: argsObject(c) })).join('; '),
  mistral: (calls) => calls.map((c) => `[TOOL_CALLS]${c.name}[ARGS]${argsText(c)}`).join(''),
  deepseek: (calls) =>
    `<｜tool▁calls▁begin｜>${calls
      .map((c) => `<｜tool▁call▁begin｜>${c.name}<｜tool▁sep｜>${argsText(c)}<｜tool▁call▁end｜>`)
      .join('')}<｜tool▁calls▁end｜>`,
  harmony: (calls) =>
    calls
      .map(
        (c) =>
          `<|start|>assistant<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${argsText(c)}<|call|>`,
      )
      .join(''),
  kimi: (calls) =>
    `<|tool_calls_section_begin|>${calls
      .map(
        (c, i) =>
          `<|tool_call_begin|>functions.${c.name}:${i}<|tool_call_argument_begin|>${argsText(c)}<|tool_call_end|>`,
      )
      .join('')}<|tool_calls_section_end|>`,
  glm: (calls) =>
    calls
      .map((c) => {
        const pairs = Object.entries(argsObject(c)).map(
          ([key, value]) =>
            `<arg_key>${key}</arg_key>\n<arg_value>${xmlValue(value)}</arg_value>\n`,
        );
        return `<tool_call>${c.name}\n${pairs.join('')}</tool_call>`;
      })
      .join('\n'),
  gemma: (calls) =>
    calls.map((c) => `<|tool_call>call:${c.name}${gemmaValue(argsObject(c))}<tool_call|>`).join(''),
};

export function writeCallsAsText(style: TextCallStyle, calls: readonly ScriptedToolCall[]): string {
  return calls.length ? WRITERS[style](calls) : '';
}
