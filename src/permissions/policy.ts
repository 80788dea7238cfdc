import path from 'node:path';
import { bashAlwaysRule, fileAlwaysRule } from './always-rule';
import { classifyCommand, describePart, type CommandClassification } from './classify-command';
import { deniedByRule, deniedForbidden, deniedInPlanMode, deniedInPrintMode } from './denial-text';
import { displayPath, isInsideRoots, protectedPath, resolveRealPath, secretPath } from './paths';
import {
  matchRules,
  parseRule,
  parseRuleList,
  type RuleCall,
  type RuleEntry,
  type RuleList,
  type RuleMatch,
  type RuleSource,
} from './rules';
import type { ListedRule, PermissionDecision, PolicyOptions, ToolCall } from './policy-types';
import { PERMISSION_MODES, type PermissionMode, type ToolAccess } from './types';

export type {
  ListedRule,
  PermissionDecision,
  PolicyOptions,
  RuleSourceInput,
  ToolCall,
} from './policy-types';

/** Shift+Tab's order; bypassPermissions joins it only when the session started in it. */
const CYCLE: PermissionMode[] = ['default', 'acceptEdits', 'plan'];

/**
 * Decides every tool call: allow, ask or deny. Order: forbidden commands, deny rules,
 * plan mode, ask rules, allow rules (incl. session "allow always" grants), bypass,
 * then what the call does (risky bash, paths outside the roots, secrets, and in
 * default mode file writes ask). See docs in src/permissions/README.md.
 */
export class PermissionPolicy {
  mode: PermissionMode;
  readonly interactive: boolean;
  /** Rules that could not be parsed (they are ignored). */
  readonly ruleErrors: string[] = [];
  private entries: RuleEntry[] = [];
  private readonly roots: string[];
  private readonly cwd: string;
  private readonly home: string;
  private readonly realpath: (abs: string) => string;
  private readonly cycle: PermissionMode[];
  private readonly onSessionRuleRemoved: ((rule: string) => void) | undefined;

  constructor(opts: PolicyOptions) {
    this.mode = opts.mode;
    this.interactive = opts.interactive;
    this.home = opts.home;
    this.realpath = opts.realpath ?? ((abs) => resolveRealPath(abs, '/', opts.home));
    this.cwd = this.realpath(path.resolve(opts.cwd));
    this.roots = [...new Set([opts.cwd, ...opts.roots].map((r) => this.realpath(path.resolve(r))))];
    this.cycle = opts.mode === 'bypassPermissions' ? [...CYCLE, 'bypassPermissions'] : CYCLE;
    this.onSessionRuleRemoved = opts.onSessionRuleRemoved;
    const inputs = [...(opts.sources ?? [])];
    if (opts.rules) inputs.push({ source: 'settings', rules: opts.rules });
    for (const { source, rules } of inputs) {
      for (const list of ['deny', 'ask', 'allow'] as const)
        this.addRules(rules[list] ?? [], list, source);
    }
  }

  private addRules(texts: readonly string[], list: RuleList, source: RuleSource): void {
    const { entries, errors } = parseRuleList(texts, list, source);
    this.entries.push(...entries);
    this.ruleErrors.push(...errors);
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
    return this.entries.filter((e) => e.source === 'session').map((e) => e.rule.text);
  }

  /** Add an allow rule for the rest of the session ("allow always"), unless one allows it already. */
  grantAlways(rule: string): { error?: string } {
    const parsed = parseRule(rule);
    const text = 'error' in parsed ? undefined : parsed.text;
    if (this.entries.some((e) => e.list === 'allow' && e.rule.text === text)) return {};
    return this.addRule('allow', rule, 'session');
  }

  addRule(list: RuleList, text: string, source: RuleSource = 'session'): { error?: string } {
    const rule = parseRule(text);
    if ('error' in rule) return { error: rule.error };
    const dup = this.entries.some(
      (e) => e.list === list && e.source === source && e.rule.text === rule.text,
    );
    if (!dup) this.entries.push({ source, list, rule });
    return {};
  }

  listRules(): ListedRule[] {
    return this.entries.map((e) => ({ source: e.source, list: e.list, rule: e.rule.text }));
  }

  /** Remove a rule (every list and source unless narrowed); false when there was none. */
  removeRule(rule: string, list?: RuleList, source?: RuleSource): boolean {
    const text = rule.trim();
    const removes = (e: RuleEntry) =>
      e.rule.text === text && (!list || e.list === list) && (!source || e.source === source);
    const removed = this.entries.filter(removes);
    this.entries = this.entries.filter((e) => !removes(e));
    // A saved grant ('local') was a session grant too: the session log forgets both.
    if (removed.some((e) => e.source === 'session' || e.source === 'local'))
      this.onSessionRuleRemoved?.(text);
    return removed.length > 0;
  }

  /** The classification the decision for a bash command is based on (for the UI). */
  classify(command: string): CommandClassification {
    return classifyCommand(command, {
      cwd: this.cwd,
      roots: this.roots,
      home: this.home,
      realpath: this.realpath,
    });
  }

  decide(call: ToolCall): PermissionDecision {
    const { access } = call;
    switch (access.kind) {
      case 'none':
        return {
          action: 'allow',
          reason: 'touches nothing',
          by: 'no access needed',
          subject: call.toolName,
        };
      case 'exec':
        return this.decideBash(access.command ?? commandOf(call.input));
      case 'read':
      case 'write':
        return this.decideFiles(call.toolName, access);
    }
  }

  private decideBash(command: string): PermissionDecision {
    const cls = this.classify(command);
    const subject = command.trim();
    const top = cls.parts.find((p) => p.level === cls.level);
    const reason = top && top.text === subject && top.via.length === 0 ? top.reason : cls.reason;
    if (cls.level === 'forbidden') {
      return {
        action: 'deny',
        reason,
        by: 'forbidden',
        subject,
        message: deniedForbidden(subject, reason),
      };
    }
    const match = this.match({ toolName: 'bash', command, parts: cls.parts });
    if (match?.decision === 'deny') return this.denyByRule(match, subject);
    if (this.mode === 'plan' && cls.level !== 'read-only') {
      const planReason = top ? describePart(top) : reason;
      return this.deny(
        'mode plan',
        planReason,
        subject,
        deniedInPlanMode(subject, `not read-only: ${planReason}`),
      );
    }
    if (match?.decision === 'ask') {
      return this.askByRule(match, subject);
    }
    if (match?.decision === 'allow') return this.allowByRule(match, subject);
    if (this.mode === 'bypassPermissions')
      return this.allow(`mode ${this.mode}`, cls.reason, subject);
    if (cls.level !== 'risky') return this.allow(`mode ${this.mode}`, cls.reason, subject);
    return this.ask(subject, reason, `mode ${this.mode}`, {
      alwaysRule: bashAlwaysRule(command, cls.parts),
    });
  }

  private decideFiles(toolName: string, access: ToolAccess): PermissionDecision {
    const paths = (access.paths ?? []).map((p) => this.realpath(path.resolve(this.cwd, p)));
    const write = access.kind === 'write';
    const subject = paths.join(', ') || toolName;
    const match = this.match({ toolName, paths });
    if (match?.decision === 'deny') return this.denyByRule(match, subject);
    if (write && this.mode === 'plan') {
      return this.deny(
        'mode plan',
        `${toolName} changes files`,
        subject,
        deniedInPlanMode(subject, `${toolName} changes files`),
      );
    }
    if (match?.decision === 'ask') {
      return this.askByRule(match, subject);
    }
    if (match?.decision === 'allow') return this.allowByRule(match, subject);
    if (this.mode === 'bypassPermissions')
      return this.allow(`mode ${this.mode}`, 'bypass', subject);
    const concerns: string[] = [];
    for (const p of paths) {
      if (!isInsideRoots(p, this.roots)) concerns.push(`outside workspace: ${p}`);
      const secret = secretPath(p, this.home);
      if (secret) concerns.push(`${write ? 'writes' : 'reads'} ${secret}`);
      const guarded = write && protectedPath(p, this.roots);
      if (guarded) concerns.push(`changes ${guarded}`);
    }
    const always = fileAlwaysRule(toolName, paths, this.cwd);
    if (concerns.length > 0) {
      return this.ask(subject, concerns.join('; '), `mode ${this.mode}`, { alwaysRule: always });
    }
    if (write && this.mode === 'default') {
      const shown = paths.map((p) => displayPath(p, this.cwd, this.home)).join(', ');
      const verb = toolName === 'edit_file' ? 'edits' : 'writes';
      return this.ask(subject, `${verb} ${shown}`, 'mode default', {
        alwaysRule: always,
        acceptEdits: true,
      });
    }
    return this.allow(
      `mode ${this.mode}`,
      write ? 'edits inside the workspace' : 'reads inside the workspace',
      subject,
    );
  }

  private match(call: RuleCall): RuleMatch | undefined {
    return matchRules(this.entries, call, { cwd: this.cwd, home: this.home });
  }

  private allow(by: string, reason: string, subject: string): PermissionDecision {
    return { action: 'allow', reason, by, subject };
  }

  private allowByRule(match: RuleMatch, subject: string): PermissionDecision {
    const rule = match.entry.rule.text;
    return this.allow(`rule allow ${rule}`, `allowed by ${rule} (${match.entry.source})`, subject);
  }

  private deny(by: string, reason: string, subject: string, message: string): PermissionDecision {
    return { action: 'deny', reason, by, subject, message };
  }

  private denyByRule(match: RuleMatch, subject: string): PermissionDecision {
    const rule = match.entry.rule.text;
    return this.deny(
      `rule deny ${rule}`,
      `denied by ${rule}`,
      subject,
      deniedByRule(subject, rule, match.entry.source),
    );
  }

  private askByRule(match: RuleMatch, subject: string): PermissionDecision {
    const rule = match.entry.rule.text;
    return this.ask(subject, `matches the ask rule ${rule}`, `rule ask ${rule}`, { askRule: true });
  }

  /** Ask the user; in print mode there is no one to ask, so it is a denial that names the fix. */
  private ask(
    subject: string,
    reason: string,
    by: string,
    opts: { alwaysRule?: string; acceptEdits?: boolean; askRule?: boolean } = {},
  ): PermissionDecision {
    if (!this.interactive) {
      const message = opts.askRule
        ? deniedInPrintMode(subject, reason, { askRule: true })
        : deniedInPrintMode(subject, reason, {
            acceptEdits: opts.acceptEdits ?? false,
            rule: opts.alwaysRule,
          });
      return this.deny('print mode', reason, subject, message);
    }
    return {
      action: 'ask',
      reason,
      by,
      subject,
      ...(opts.alwaysRule ? { alwaysRule: opts.alwaysRule } : {}),
    };
  }
}

function commandOf(input: unknown): string {
  const command = (input as { command?: unknown } | null)?.command;
  return typeof command === 'string' ? command : '';
}
