/**
 * Judges what the probes found, one line per check, each fault with what to do. Pure: the
 * report for a set of findings, so every verdict has its own test.
 */
import { cutAdvice } from '../../context/format';
import { recoverTextCalls } from '../text-calls/recover';
import { schemasOf } from '../text-calls/values';
import { THINK_LESS } from '../unanswered';
import { closeNames, sameModel } from './model-names';
import { PING_TOOL } from './probes';
import type { DoctorLine, DoctorReport, Findings, ServerName } from './types';
import type { ChatAnswer } from './http-probe';

function tokens(count: number): string {
  return count.toLocaleString('en-US');
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

const TOOL_PARSER_HINT: Record<ServerName | 'other', string> = {
  vLLM: 'start vLLM with --enable-auto-tool-choice --tool-call-parser (the parser for this model)',
  'llama.cpp':
    'start llama-server with --jinja so it uses the chat template that parses tool calls',
  Ollama: 'use a model whose Ollama template has tools (`ollama show MODEL` lists "tools")',
  'LM Studio': 'use a model LM Studio parses tool calls for (or update LM Studio)',
  other: "enable the server's tool-call parser for this model",
};

function serverLine(f: Findings): DoctorLine {
  const { models } = f;
  if (models.unreachable) {
    return {
      check: 'server',
      verdict: 'fail',
      text: `nothing answers at ${f.baseURL} (${models.error})`,
      fix: 'start the server, or set OPENAI_BASE_URL (Ollama: http://localhost:11434/v1)',
    };
  }
  if (models.status === 401 || models.status === 403) {
    return {
      check: 'server',
      verdict: 'fail',
      text: `the server refused the API key (${models.status}${models.error ? `: ${models.error}` : ''})`,
      fix: 'set OPENAI_API_KEY',
    };
  }
  if (models.error !== undefined) {
    return {
      check: 'server',
      verdict: 'warn',
      text: `GET /models answered ${models.status}${models.error ? `: ${models.error}` : ''}`,
      fix: 'check the base URL (it usually ends in /v1)',
    };
  }
  return {
    check: 'server',
    verdict: 'ok',
    text: `${f.server ?? 'a server'} answers at ${f.baseURL} (${ms(models.ms)})`,
  };
}

/** The chat answer says the model is unknown: a 404, or a 400 that names the model. */
function modelMissing(answer: ChatAnswer | undefined): boolean {
  if (!answer?.status || answer.status < 400) return false;
  return answer.status === 404 || /model/i.test(answer.error ?? '');
}

function modelLine(f: Findings): DoctorLine {
  const listed = f.listed ?? [];
  if (modelMissing(f.plain)) {
    const close = closeNames(f.model, listed);
    const names = close.length
      ? `; close: ${close.join(', ')}`
      : listed.length
        ? `; it has: ${listed.slice(0, 5).join(', ')}`
        : '';
    return {
      check: 'model',
      verdict: 'fail',
      text: `the server has no model '${f.model}' (${f.plain?.status}: ${f.plain?.error})${names}`,
      fix: 'set --model, TICK_MODEL or "model" in the settings',
    };
  }
  if (listed.length && !listed.some((name) => sameModel(name, f.model))) {
    return {
      check: 'model',
      verdict: 'warn',
      text: `'${f.model}' is not in the server's list (${listed.slice(0, 3).join(', ')}), but it answers to the name`,
    };
  }
  return {
    check: 'model',
    verdict: 'ok',
    text: `'${f.model}' ${listed.length ? 'is on the server' : 'answers'}`,
  };
}

function streamingLine(f: Findings): DoctorLine {
  const answer = f.plain as ChatAnswer;
  const seconds = Math.round(f.timeoutMs / 1000);
  if (answer.status === 400 && /stream/i.test(answer.error ?? '')) {
    return {
      check: 'streaming',
      verdict: 'fail',
      text: `the server refused to stream (400: ${answer.error})`,
      fix: 'tick streams every request: check the server, or the proxy in front of it',
    };
  }
  if (answer.error !== undefined) {
    return {
      check: 'streaming',
      verdict: 'fail',
      text: `the chat request failed (${answer.status ?? 'no answer'}: ${answer.error})`,
    };
  }
  if (answer.timedOut && answer.chunks === 0) {
    return {
      check: 'streaming',
      verdict: 'fail',
      text: `no answer within ${seconds} s`,
      fix: 'the model may still be loading: run tick doctor again',
    };
  }
  if (!answer.streamed) {
    return {
      check: 'streaming',
      verdict: 'warn',
      text: 'the server ignores stream: true and sends each answer in one piece',
      fix: 'tick works, but shows an answer only once it is complete',
    };
  }
  return { check: 'streaming', verdict: 'ok', text: `works (${answer.chunks} chunks)` };
}

function toolsLine(f: Findings): DoctorLine {
  const answer = f.tools as ChatAnswer;
  const hint = TOOL_PARSER_HINT[f.server ?? 'other'];
  if (answer.error !== undefined) {
    return {
      check: 'tool calls',
      verdict: 'fail',
      text: `the request with a tool failed (${answer.status ?? 'no answer'}: ${answer.error})`,
      fix: 'pick a model with tool support, or enable tools on the server',
    };
  }
  const turn = answer.turn;
  const call = turn?.toolCalls[0];
  if (call) {
    return {
      check: 'tool calls',
      verdict: 'ok',
      text: `structured (${call.name} ${call.arguments})`,
    };
  }
  const recovered =
    turn &&
    recoverTextCalls(turn.content, { reasoning: turn.reasoning, schemas: schemasOf([PING_TOOL]) });
  if (recovered) {
    const how = `written as text (${recovered.format})`;
    return f.recoverToolCalls
      ? {
          check: 'tool calls',
          verdict: 'warn',
          text: `${how}: tick recovers them`,
          fix: `better: ${hint}`,
        }
      : {
          check: 'tool calls',
          verdict: 'fail',
          text: `${how}, and recovery is off (model.recoverToolCalls)`,
          fix: `${hint}, or turn recovery on`,
        };
  }
  if (answer.timedOut) {
    return {
      check: 'tool calls',
      verdict: 'fail',
      text: `no answer within ${Math.round(f.timeoutMs / 1000)} s`,
    };
  }
  return {
    check: 'tool calls',
    verdict: 'fail',
    text: 'none came back: the server ignored the tools (or the model would not call one)',
    fix: hint,
  };
}

function reasoningLine(f: Findings): DoctorLine {
  const turns = [f.plain?.turn, f.tools?.turn];
  const plain = f.plain?.turn;
  if (
    plain &&
    plain.reasoning &&
    !plain.content.trim() &&
    !plain.toolCalls.length &&
    (plain.finishReason === 'length' || f.plain?.timedOut)
  ) {
    return {
      check: 'reasoning',
      verdict: 'fail',
      text: `the model kept thinking and never answered (${ms(f.plain?.totalMs ?? 0)}${plain.finishReason === 'length' ? ', stopped at its token limit' : ''})`,
      fix: THINK_LESS,
    };
  }
  const field = turns.find((turn) => turn?.reasoningField)?.reasoningField;
  if (field) return { check: 'reasoning', verdict: 'ok', text: `\`${field}\` seen (shown dimmed)` };
  if (turns.some((turn) => turn?.content.includes('<think>'))) {
    return {
      check: 'reasoning',
      verdict: 'warn',
      text: '<think> tags in the answer text: the server does not split reasoning off',
      fix: "enable the server's reasoning parser (vLLM --reasoning-parser, llama.cpp --reasoning-format)",
    };
  }
  return { check: 'reasoning', verdict: 'ok', text: 'none seen' };
}

const CUT_FIX = cutAdvice;

/** Below this an agent's prompt soon does not fit (tools, plan, file contents). */
const SMALL_WINDOW = 16_384;

function windowLine(f: Findings): DoctorLine {
  const found = f.window;
  if (f.configuredWindow !== undefined) {
    const configured = `${tokens(f.configuredWindow)} tokens (configured)`;
    if (found?.cutsPrompts && found.loaded && found.window < f.configuredWindow) {
      return {
        check: 'window',
        verdict: 'warn',
        text: `${configured}, but the server runs the model with ${tokens(found.window)}`,
        fix: CUT_FIX(found.window),
      };
    }
    return { check: 'window', verdict: 'ok', text: configured };
  }
  if (!found) {
    return {
      check: 'window',
      verdict: 'warn',
      text: 'the server does not say',
      fix: 'set model.contextWindow or TICK_CONTEXT_WINDOW (until then tick compacts only after a refusal)',
    };
  }
  const text = `${tokens(found.window)} tokens, from ${found.from ?? 'the server'}`;
  if (found.cutsPrompts && found.loaded && found.window < SMALL_WINDOW) {
    return { check: 'window', verdict: 'warn', text, fix: CUT_FIX(found.window) };
  }
  return { check: 'window', verdict: 'ok', text };
}

function speedLine(f: Findings): DoctorLine {
  const answer = f.plain as ChatAnswer;
  if (!answer.streamed) {
    return {
      check: 'speed',
      verdict: 'ok',
      text: `round trip ${ms(answer.totalMs)} (the whole answer at once)`,
    };
  }
  const first = answer.firstTokenMs !== undefined ? `first token ${ms(answer.firstTokenMs)}, ` : '';
  return { check: 'speed', verdict: 'ok', text: `${first}round trip ${ms(answer.totalMs)}` };
}

function skipped(check: DoctorLine['check'], why: string): DoctorLine {
  return { check, verdict: 'skip', text: `not checked (${why})` };
}

export function judge(f: Findings): DoctorReport {
  const lines: DoctorLine[] = [serverLine(f)];
  const server = lines[0];
  const noServer = server.verdict === 'fail';
  if (noServer) {
    lines.push(
      ...(['model', 'streaming', 'tool calls', 'reasoning', 'window', 'speed'] as const).map(
        (check) =>
          skipped(check, server.fix === 'set OPENAI_API_KEY' ? 'the key was refused' : 'no server'),
      ),
    );
  } else {
    const model = modelLine(f);
    lines.push(model);
    const plainFailed = model.verdict === 'fail' || !f.plain;
    if (plainFailed) {
      lines.push(
        ...(['streaming', 'tool calls', 'reasoning'] as const).map((check) =>
          skipped(check, 'no model'),
        ),
      );
    } else {
      lines.push(
        streamingLine(f),
        f.tools ? toolsLine(f) : skipped('tool calls', 'no answer'),
        reasoningLine(f),
      );
    }
    lines.push(
      windowLine(f),
      plainFailed || f.plain?.error !== undefined ? skipped('speed', 'no answer') : speedLine(f),
    );
  }
  return {
    baseURL: f.baseURL,
    model: f.model,
    lines,
    works: lines.every((line) => line.verdict !== 'fail'),
  };
}

export { modelMissing };
