import path from 'node:path';
import { classifyCommand, describePart, type CommandClassification } from './classify-command';
import { deniedForbidden, deniedInPlanMode } from './denial-text';
import { allow, allowByRule, ask, askByHook, askByRule, deny, denyByRule } from './decisions';
import { resolveRealPath } from './paths';
import { analysisDecision, fileDecision } from './call-decisions';
import { RuleBook } from './rule-book';
import { NO_SANDBOX, confine, type AllowedBy, type SandboxState } from './sandbox-decision';
import {
  hits,
  parseRule,
  ruleCovers,
  type RuleCall,
  type RuleList,
  type RuleMatch,
  type RuleSource,
  type RuleToolName,
} from './rules';
import type {
  HookVerdict,
  ListedRule,
  PermissionDecision,
  PolicyOptions,
  RuleSourceInput,
  ToolCall,
} from './policy-types';
import { PERMISSION_MODES, type PermissionMode, type ToolAccess } from './types';
import { toolNaming } from '../tools/registry';

export type {
  HookVerdict,
  ListedRule,
  PermissionDecision,
  PolicyOptions,
  RuleSourceInput,
  ToolCall,
} from './policy-types';

/** Shift+Tab's order; bypassPermissions joins it only when the session started in it. */
const CYCLE: PermissionMode[] = ['default', 'acceptEdits', 'plan'];

/**
 * Decides every tool call: allow, ask or deny, in Claude Code's order. `floor()` first:
 * forbidden commands, denied whatever follows. Then (after the PreToolUse hooks)
 * `decide()`: deny rules, plan mode, ask rules, a hook's ask or allow, allow rules (incl.
 * session "allow always" grants), bypass, then what the call does (risky bash, paths
 * outside the roots, secrets, and in default mode file writes ask). See
 * src/permissions/README.md.
 */
export class PermissionPolicy {
  mode: PermissionMode;
  readonly interactive: boolean;
  private readonly rules: RuleBook;
  private readonly tools: readonly RuleToolName[];
  private readonly roots: string[];
  private readonly readRoots: string[];
  private readonly cwd: string;
  private readonly home: string;
  private readonly realpath: (abs: string) => string;
  private readonly cycle: PermissionMode[];
  private readonly onSessionRuleRemoved: ((rule: string) => void) | undefined;
  /** The sandbox setting and whether bubblewrap works here. */
  readonly sandbox: SandboxState;

  /** Some bash calls run in the sandbox (it is on and bubblewrap works). */
  get sandboxInUse(): boolean {
    return this.sandbox.mode !== 'off' && this.sandbox.available;
  }
  private lastClassified: { command: string; result: CommandClassification } | undefined;

  constructor(opts: PolicyOptions) {
    this.mode = opts.mode;
    this.interactive = opts.interactive;
    this.home = opts.home;
    this.realpath = opts.realpath ?? ((abs) => resolveRealPath(abs, '/', opts.home));
    this.cwd = this.realpath(path.resolve(opts.cwd));
    this.roots = [...new Set([opts.cwd, ...opts.roots].map((r) => this.realpath(path.resolve(r))))];
    this.readRoots = (opts.readRoots ?? []).map((r) => this.realpath(path.resolve(r)));
    this.cycle = opts.mode === 'bypassPermissions' ? [...CYCLE, 'bypassPermissions'] : CYCLE;
    this.onSessionRuleRemoved = opts.onSessionRuleRemoved;
    this.sandbox = opts.sandbox ?? NO_SANDBOX;
    this.tools = opts.tools ?? toolNaming();
    const sources: RuleSourceInput[] = [...(opts.sources ?? [])];
    if (opts.rules) sources.push({ source: 'settings', rules: opts.rules });
    this.rules = new RuleBook(this.tools, sources);
  }

  /** Rules that cannot apply (ignored), one line each. */
  get ruleProblems(): readonly string[] {
    return this.rules.problems;
  }

  setMode(mode: PermissionMode): void {
    if (!PERMISSION_MODES.includes(mode)) throw new Error(`Unknown permission mode '${mode}'`);
    this.mode = mode;
  }

  /** Shift+Tab: default -> acceptEdits -> plan (-> bypassPermissions) -> default. */
  cycleMode(): PermissionMode {
    const i = this.cycle.indexOf(this.mode);
    this.mode = this.cycle[(i + 1) % this.cycle.length];
    return this.mode;
  }

  /** Rules granted with "allow always" in this session. */
  get sessionRules(): string[] {
    return this.rules.sessionRules;
  }

  /** Add an allow rule for the rest of the session ("allow always"), unless one allows it already. */
  grantAlways(rule: string): { error?: string } {
    if (this.rules.list().some((e) => e.list === 'allow' && e.rule === rule.trim())) return {};
    return this.addRule('allow', rule, 'session');
  }

  addRule(list: RuleList, text: string, source: RuleSource = 'session'): { error?: string } {
    return this.rules.add(list, text, source);
  }

  listRules(): ListedRule[] {
    return this.rules.list();
  }

  /** Remove a rule (every list and source unless narrowed); false when there was none. */
  removeRule(rule: string, list?: RuleList, source?: RuleSource): boolean {
    const removed = this.rules.remove(rule, list, source);
    // A saved grant ('local') was a session grant too: the session log forgets both.
    if (removed.some((e) => e.source === 'session' || e.source === 'local'))
      this.onSessionRuleRemoved?.(rule.trim());
    return removed.length > 0;
  }

  /** The classification the decision for a bash command is based on (for the UI). */
  classify(command: string): CommandClassification {
    if (this.lastClassified?.command === command) return this.lastClassified.result;
    const result = classifyCommand(command, {
      cwd: this.cwd,
      roots: this.roots,
      home: this.home,
      realpath: this.realpath,
    });
    this.lastClassified = { command, result };
    return result;
  }

  /**
   * tick's floor, before any hook: a forbidden command (`rm -rf /`, a fork bomb) is
   * denied in every mode, whatever a hook or a rule says. Undefined: the call goes on.
   */
  floor(call: ToolCall): PermissionDecision | undefined {
    if (call.access.kind !== 'exec') return undefined;
    const command = call.access.command ?? commandOf(call.input);
    const cls = this.classify(command);
    if (cls.level !== 'forbidden') return undefined;
    const subject = command.trim();
    const reason = this.topReason(cls, subject);
    return {
      action: 'deny',
      reason,
      by: 'forbidden',
      subject,
      message: deniedForbidden(subject, reason),
    };
  }

  /**
   * The decision after the hooks. `hook`: what the PreToolUse hooks said; `allow` skips
   * what would be a prompt (never a deny or ask rule, nor plan mode), `ask` asks.
   */
  decide(call: ToolCall, hook?: HookVerdict): PermissionDecision {
    const floor = this.floor(call);
    if (floor) return floor;
    const { access } = call;
    switch (access.kind) {
      case 'none':
        return this.decideNone(call.toolName, hook);
      case 'exec':
        return this.decideBash(access, commandOf(call.input), hook);
      case 'read':
      case 'write':
        return this.decideFiles(call.toolName, access, hook);
      case 'mcp':
        return this.decideMcp(call.toolName, access, hook);
    }
  }

  /** Does a rule (`Bash(git *)`, a hook's `if`) match the call? Matched as deny and ask rules are. */
  ruleMatchesCall(text: string, call: ToolCall): boolean {
    const parsed = parseRule(text, { list: 'ask', tools: this.tools, sourceDir: this.cwd });
    if (!('rule' in parsed)) return false;
    const ruleCall = this.ruleCall(call);
    return ruleCovers(parsed.rule, ruleCall, 'ask') && hits(parsed.rule, ruleCall, 'ask', this.ctx);
  }

  private get ctx() {
    return { cwd: this.cwd, home: this.home };
  }

  private namesOf(toolName: string): string[] {
    const tool = this.tools.find((t) => t.name === toolName);
    return [toolName, ...(tool?.claudeNames ?? [])];
  }

  private ruleCall(call: ToolCall): RuleCall {
    const names = this.namesOf(call.toolName);
    if (call.access.kind === 'exec') {
      const command = call.access.command ?? commandOf(call.input);
      return { toolName: call.toolName, names, command, parts: this.classify(command).parts };
    }
    const paths = (call.access.paths ?? []).map((p) => this.realpath(path.resolve(this.cwd, p)));
    return { toolName: call.toolName, names, kind: call.access.kind, paths };
  }

  private match(call: RuleCall): RuleMatch | undefined {
    return this.rules.match(call, this.ctx);
  }

  private topReason(cls: CommandClassification, subject: string): string {
    const top = cls.parts.find((p) => p.level === cls.level);
    return top && top.text === subject && top.via.length === 0 ? top.reason : cls.reason;
  }

  private decideNone(toolName: string, hook?: HookVerdict): PermissionDecision {
    const subject = toolName;
    const match = this.match({ toolName, names: this.namesOf(toolName), kind: 'none', paths: [] });
    if (match?.decision === 'deny') return denyByRule(match, subject);
    if (match?.decision === 'ask') return askByRule(this.interactive, match, subject);
    if (hook?.decision === 'ask') return askByHook(this.interactive, subject, hook);
    return allow(hook ? 'hook' : 'no access needed', 'touches nothing', subject);
  }

  /**
   * An MCP call: tick cannot see what it does, so it asks unless a rule, a hook or
   * bypassPermissions says otherwise; the server's annotations (read-only, destructive)
   * are shown but never decide. Plan mode asks every time (an allow rule cannot know the
   * call is read-only). "Allow always" names the one tool: `mcp__server__tool`.
   */
  private decideMcp(toolName: string, access: ToolAccess, hook?: HookVerdict): PermissionDecision {
    const subject = access.subject ?? toolName;
    const reason = access.reason ?? 'an MCP tool: tick cannot see what it does';
    const match = this.match({ toolName, names: this.namesOf(toolName), kind: 'mcp', paths: [] });
    if (match?.decision === 'deny') return denyByRule(match, subject);
    if (match?.decision === 'ask') return askByRule(this.interactive, match, subject);
    if (hook?.decision === 'ask') return askByHook(this.interactive, subject, hook);
    if (this.mode === 'plan') {
      if (!this.interactive)
        return deny(
          'mode plan',
          reason,
          subject,
          deniedInPlanMode(subject, `an MCP tool may change things: ${reason}`),
        );
      return ask(true, subject, `plan mode: ${reason}`, 'mode plan');
    }
    if (hook?.decision === 'allow') return allow('hook', hook.reason ?? reason, subject);
    if (match?.decision === 'allow') return allowByRule(match, subject);
    if (this.mode === 'bypassPermissions') return allow(`mode ${this.mode}`, reason, subject);
    return ask(this.interactive, subject, reason, `mode ${this.mode}`, { alwaysRule: toolName });
  }

  private decideBash(access: ToolAccess, input: string, hook?: HookVerdict): PermissionDecision {
    const command = access.command ?? input;
    const cls = this.classify(command);
    const { decision, allowedBy } = this.bashVerdict(command, cls, hook);
    return confine(decision, {
      command,
      cls,
      sandbox: this.sandbox,
      ...(access.unconfined !== undefined ? { unconfined: access.unconfined } : {}),
      allowedBy,
      interactive: this.interactive,
      mode: this.mode,
    });
  }

  /** The decision by rules, hooks, mode and analysis, before the sandbox is considered. */
  private bashVerdict(
    command: string,
    cls: CommandClassification,
    hook?: HookVerdict,
  ): { decision: PermissionDecision; allowedBy: AllowedBy } {
    const verdict = (decision: PermissionDecision, allowedBy: AllowedBy = 'analysis') => ({
      decision,
      allowedBy,
    });
    const subject = command.trim();
    const top = cls.parts.find((p) => p.level === cls.level);
    const reason = this.topReason(cls, subject);
    const match = this.match({
      toolName: 'bash',
      names: this.namesOf('bash'),
      command,
      parts: cls.parts,
    });
    if (match?.decision === 'deny') return verdict(denyByRule(match, subject));
    if (this.mode === 'plan' && cls.level !== 'read-only') {
      const planReason = top ? describePart(top) : reason;
      const text = deniedInPlanMode(subject, `not read-only: ${planReason}`);
      return verdict(deny('mode plan', planReason, subject, text));
    }
    if (match?.decision === 'ask') return verdict(askByRule(this.interactive, match, subject));
    if (hook?.decision === 'ask') return verdict(askByHook(this.interactive, subject, hook));
    if (hook?.decision === 'allow') {
      return verdict(allow('hook', hook.reason ?? reason, subject), 'trust');
    }
    if (match?.decision === 'allow') return verdict(allowByRule(match, subject), 'trust');
    if (this.mode === 'bypassPermissions') {
      return verdict(allow(`mode ${this.mode}`, cls.reason, subject), 'bypass');
    }
    return verdict(analysisDecision(command, cls, reason, this.mode, this.interactive));
  }

  private decideFiles(
    toolName: string,
    access: ToolAccess,
    hook?: HookVerdict,
  ): PermissionDecision {
    const paths = (access.paths ?? []).map((p) => this.realpath(path.resolve(this.cwd, p)));
    const write = access.kind === 'write';
    const subject = paths.join(', ') || toolName;
    const match = this.match({ toolName, names: this.namesOf(toolName), kind: access.kind, paths });
    if (match?.decision === 'deny') return denyByRule(match, subject);
    if (write && this.mode === 'plan') {
      return deny(
        'mode plan',
        `${toolName} changes files`,
        subject,
        deniedInPlanMode(subject, `${toolName} changes files`),
      );
    }
    if (match?.decision === 'ask') return askByRule(this.interactive, match, subject);
    if (hook?.decision === 'ask') return askByHook(this.interactive, subject, hook);
    if (hook?.decision === 'allow') {
      return allow('hook', hook.reason ?? 'allowed by a hook', subject);
    }
    if (match?.decision === 'allow') return allowByRule(match, subject);
    if (this.mode === 'bypassPermissions') return allow(`mode ${this.mode}`, 'bypass', subject);
    return fileDecision({
      toolName,
      paths,
      write,
      mode: this.mode,
      interactive: this.interactive,
      cwd: this.cwd,
      roots: this.roots,
      readRoots: this.readRoots,
      home: this.home,
    });
  }
}

function commandOf(input: unknown): string {
  const command = (input as { command?: unknown } | null)?.command;
  return typeof command === 'string' ? command : '';
}
