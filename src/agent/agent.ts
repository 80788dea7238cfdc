import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import type { Config } from '../config/types';
import type { Approve } from '../permissions/types';
import type { AgentEvent } from './events';
import type { ChatMessage } from '../model/types';
import type { Todo } from '../todos/types';
import { createModelClient } from '../model/client';
import { TOOLS, toolDefinitions } from '../tools/registry';
import type { Tool } from '../tools/types';
import { HookRegistry } from '../hooks/registry';
import { PermissionPolicy } from '../permissions/policy';
import { createPermissionGate } from '../permissions/gate';
import { saveLocalRule } from '../config/local-rules';
import { buildSystemPrompt, loadProjectInstructions } from './prompt';
import { runAgent, type AgentState } from './loop';

/** Print mode's cap on model requests per prompt without --max-turns; the app has none (Esc stops a runaway). */
export const PRINT_MAX_TURNS = 100;

/** One conversation: the loop plus everything it is wired to. The app and print mode share it. */
export interface Agent {
  readonly sessionId: string;
  readonly model: string;
  /** The built-in demo model is in use. */
  readonly demo: boolean;
  /** The workspace (the demo's scratch copy when demo). */
  readonly cwd: string;
  readonly policy: PermissionPolicy;
  todos(): Todo[];
  messages(): readonly ChatMessage[];
  /** One prompt to the end; history persists across prompts. */
  run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** /clear: a new conversation. */
  reset(): void;
  setModel(name: string): void;
  close(): Promise<void>;
}

export interface AgentOptions {
  approve: Approve;
  interactive: boolean;
  /** Restored state (resume). */
  state?: Partial<AgentState>;
  /** Observers for the session log. */
  onEvent?: (event: AgentEvent) => void;
  onMessage?: (message: ChatMessage) => void;
  /** Rules granted with "allow always" earlier in the session (resume). */
  grantedRules?: string[];
  /** "Allow always" granted this rule (the session log records it). */
  onGrant?: (rule: string) => void;
  /** `/permissions rm` took back a grant of this session (the session log records it). */
  onRevoke?: (rule: string) => void;
  /** A prompt ended (or was abandoned): the state the next prompt starts from. */
  onTurnEnd?: (state: Readonly<AgentState>) => void;
  /** /clear started a new conversation. */
  onReset?: () => void;
}

export async function createAgent(config: Config, options: AgentOptions): Promise<Agent> {
  const closers: (() => Promise<void>)[] = [];
  let cwd = config.cwd;
  let baseURL = config.baseURL;
  let apiKey = config.apiKey;
  if (config.demo) {
    // The demo speaks the same HTTP protocol as a real server, in a scratch folder.
    const [{ startScriptedServer }, { demoScript }, { createDemoWorkspace }] = await Promise.all([
      import('../demo/scripted-server'),
      import('../demo/demo-script'),
      import('../demo/sample-project'),
    ]);
    const scratch = await createDemoWorkspace();
    cwd = scratch.root;
    const server = await startScriptedServer(demoScript());
    closers.push(() => server.close(), scratch.remove);
    baseURL = server.baseURL;
    apiKey = 'demo';
  }
  const roots = [cwd, ...config.addDirs];
  const tools: Record<string, Tool> = { ...TOOLS };
  const definitions = toolDefinitions(tools);
  let modelName = config.demo ? 'demo' : config.model;
  const makeModel = () =>
    createModelClient({
      baseURL,
      apiKey,
      model: modelName,
      idleTimeoutMs: config.idleTimeoutMs,
      maxRetries: config.maxRetries,
    });
  let model = makeModel();

  const policy = new PermissionPolicy({
    mode: config.permissionMode,
    rules: config.permissions,
    roots,
    cwd,
    home: homedir(),
    interactive: options.interactive,
    onSessionRuleRemoved: (rule) => options.onRevoke?.(rule),
  });
  for (const rule of options.grantedRules ?? []) policy.grantAlways(rule);
  // Problems found while answering the gate (a rule that could not be saved), shown as
  // non-fatal error events before the loop's next event.
  const notices: AgentEvent[] = [];
  // Wrapped so the session log learns of "allow always" grants, whoever asks.
  const approve: Approve = async (request, signal) => {
    const answer = await options.approve(request, signal);
    if (answer.decision === 'allow_always' && request.alwaysRule) {
      options.onGrant?.(request.alwaysRule);
      if (answer.save) {
        const error = await saveAllowRule(cwd, request.alwaysRule);
        if (error) notices.push({ type: 'error', message: error, fatal: false });
      }
    }
    return answer;
  };
  const state: AgentState = {
    sessionId: options.state?.sessionId ?? randomUUID(),
    messages: options.state?.messages ?? [],
    todos: options.state?.todos ?? [],
    roundsSinceTodo: options.state?.roundsSinceTodo ?? 0,
  };
  const hooks = new HookRegistry();
  hooks.on('PreToolUse', createPermissionGate(policy));
  // Hooks come from settings files: their module (with zod, for the hook schemas) loads only
  // when one configures a hook, and then settings validation has loaded zod already.
  if (Object.values(config.hooks).some((groups) => groups?.length)) {
    const { registerCommandHooks } = await import('../hooks/command-hooks');
    registerCommandHooks(hooks, config.hooks, { sessionId: state.sessionId, cwd });
  }
  const instructions = await loadProjectInstructions(cwd);

  return {
    sessionId: state.sessionId,
    get model() {
      return modelName;
    },
    demo: config.demo,
    cwd,
    policy,
    todos: () => state.todos,
    messages: () => state.messages,
    async *run(prompt, signal) {
      const events = runAgent(
        prompt,
        state,
        {
          model,
          tools,
          toolDefinitions: definitions,
          hooks,
          approve,
          systemPrompt: () =>
            buildSystemPrompt({
              cwd,
              toolNames: Object.keys(tools),
              mode: policy.mode,
              instructions,
            }),
          cwd,
          roots,
          sandbox: config.sandbox,
          maxTurns:
            config.maxTurns ?? (options.interactive ? Number.POSITIVE_INFINITY : PRINT_MAX_TURNS),
          reminderRounds: config.reminderRounds,
          onMessage: options.onMessage,
        },
        signal,
      );
      try {
        for await (const event of events) {
          for (const notice of notices.splice(0)) {
            options.onEvent?.(notice);
            yield notice;
          }
          options.onEvent?.(event);
          yield event;
        }
      } finally {
        options.onTurnEnd?.(state);
      }
    },
    reset() {
      state.messages = [];
      state.todos = [];
      state.roundsSinceTodo = 0;
      options.onReset?.();
    },
    setModel(name) {
      modelName = name;
      model = makeModel();
    },
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * "Allow always, and save": adds the rule to `.tick/settings.local.json`. Returns the
 * problem (a malformed file is left untouched) or undefined; the session grant stands anyway.
 */
async function saveAllowRule(cwd: string, rule: string): Promise<string | undefined> {
  try {
    await saveLocalRule(cwd, 'allow', rule);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `${rule} is allowed for this session but was not saved: ${message}`;
  }
}
