import { ClaudeTranscript, claudeTranscriptFile } from '../session/claude-transcript';
import { sessionDir } from '../session/paths';
import { lookupTool } from '../tools/registry';
import { claudeToolUse } from './claude-tool-use';
import { NOTIFICATION_DELAYS, SessionHooks } from './session-hooks';
import { PromptIds } from './prompt-ids';
import type { ModelParts } from './wire-model';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import { sessionEnvFile, type SessionParts, type Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface HookParts {
  /** The Claude Code-shaped transcript hooks get as `transcript_path`. */
  transcript: ClaudeTranscript;
  /** SessionStart, SessionEnd and Notification for this session. */
  sessionHooks: SessionHooks;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'state' | 'hooks' | 'report' | 'teardown' | 'dataDir' | 'compacted'> &
  Pick<PlanParts, 'tools'> &
  ModelParts &
  Pick<PolicyParts, 'policy' | 'approve' | 'beforeAsk'>;

/**
 * Hooks and the transcript: the command hooks of the settings files, the session-level
 * hook events (SessionStart has run when this step ends; SessionEnd runs at close), and
 * the Claude Code-shaped transcript their payloads point to.
 */
export const hooksStep: WiringStep<Needs, HookParts> = {
  name: 'hooks',
  wire: async ({
    config,
    options,
    cwd,
    state,
    hooks,
    report,
    teardown,
    tools,
    model,
    dataDir,
    compacted,
    ...gate
  }) => {
    const promptIds = new PromptIds(hooks);
    const restored = [...state.messages];
    const transcript = new ClaudeTranscript(
      claudeTranscriptFile(sessionDir(config.home, config.cwd), state.sessionId),
      {
        sessionId: state.sessionId,
        cwd,
        get model() {
          return model.name;
        },
        toolUse: (name, args) => claudeToolUse(tools, cwd, name, args),
      },
      () => restored,
      (message) => report({ type: 'error', message, fatal: false }),
    );
    const sessionHooks = new SessionHooks(hooks, {
      sessionId: state.sessionId,
      cwd,
      approve: gate.approve,
      model: () => model.name,
      report,
      // Tests shorten both; settings `notifications.idleMs` sets the idle one.
      delays: options.notificationDelays ?? {
        ...NOTIFICATION_DELAYS,
        ...(config.notifications?.idleMs ? { idle: config.notifications.idleMs } : {}),
      },
    });
    // Claude Code's Notification: an approval left unanswered for a while (print mode never asks).
    if (options.interactive)
      gate.beforeAsk.add((toolName) => {
        const tool = lookupTool(toolName, tools);
        const name = tool.ok ? tool.tool.claude.name : toolName;
        return sessionHooks.notifyUnlessAnswered(`tick needs your permission to use ${name}`);
      });
    // SessionStart's context reaches the model with the next prompt, before the hooks' own.
    hooks.on('UserPromptSubmit', async () => {
      const context = sessionHooks.takeContext();
      return context ? { context } : {};
    });
    // Hooks come from settings files: their module loads only when one configures a hook.
    if (Object.values(config.hooks).some((groups) => groups?.length)) {
      const { registerCommandHooks } = await import('../hooks/command-hooks');
      registerCommandHooks(hooks, config.hooks, {
        sessionId: state.sessionId,
        cwd,
        transcriptPath: () => transcript.path(),
        permissionMode: () => gate.policy.mode,
        ruleMatches: (rule, call) => gate.policy.ruleMatchesCall(rule, call),
        envFile: sessionEnvFile(dataDir),
        promptId: () => promptIds.current(),
      });
    }
    await sessionHooks.start(restored.length > 0 ? 'resume' : 'startup');
    teardown.defer((reason) => sessionHooks.end(reason, true));
    // Claude Code starts the session again over the compacted history (`source: "compact"`).
    compacted.add(() => void sessionHooks.start('compact'));
    return { transcript, sessionHooks };
  },
};
