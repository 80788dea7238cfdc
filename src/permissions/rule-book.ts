/**
 * The rules in force, with where each came from: settings files, flags, and the
 * session's "allow always" grants. Adding, removing and listing them for /permissions.
 */
import {
  matchRules,
  parseRule,
  parseRuleList,
  ruleProblemText,
  type RuleCall,
  type RuleContext,
  type RuleEntry,
  type RuleList,
  type RuleMatch,
  type RuleSource,
  type RuleToolName,
} from './rules';
import type { ListedRule, RuleSourceInput } from './policy-types';

export class RuleBook {
  private entries: RuleEntry[] = [];
  /** Rules that cannot apply (ignored), one line each. */
  readonly problems: string[] = [];

  constructor(
    private readonly tools: readonly RuleToolName[],
    sources: readonly RuleSourceInput[],
  ) {
    for (const { source, rules, sourceDir, file } of sources) {
      for (const list of ['deny', 'ask', 'allow'] as const) {
        const parsed = parseRuleList(rules[list] ?? [], list, source, { tools, sourceDir });
        // One by one: spreading a settings file's 100,000 rules would overflow the stack.
        for (const entry of parsed.entries) this.entries.push(entry);
        for (const problem of parsed.problems) {
          this.problems.push(ruleProblemText(file ?? `${source} rules`, list, problem));
        }
      }
    }
  }

  /** Rules granted with "allow always" in this session. */
  get sessionRules(): string[] {
    return this.entries.filter((e) => e.source === 'session').map((e) => e.rule.text);
  }

  add(list: RuleList, text: string, source: RuleSource): { error?: string } {
    const parsed = parseRule(text, { list, tools: this.tools });
    if (!('rule' in parsed)) {
      return { error: `Invalid permission rule '${text.trim()}': ${parsed.problem.message}` };
    }
    const { rule } = parsed;
    const dup = this.entries.some(
      (e) => e.list === list && e.source === source && e.rule.text === rule.text,
    );
    if (!dup) this.entries.push({ source, list, rule });
    return {};
  }

  list(): ListedRule[] {
    return this.entries.map((e) => ({ source: e.source, list: e.list, rule: e.rule.text }));
  }

  /** Removes a rule (every list and source unless narrowed); the entries removed. */
  remove(rule: string, list?: RuleList, source?: RuleSource): RuleEntry[] {
    const text = rule.trim();
    const removes = (e: RuleEntry) =>
      e.rule.text === text && (!list || e.list === list) && (!source || e.source === source);
    const removed = this.entries.filter(removes);
    this.entries = this.entries.filter((e) => !removes(e));
    return removed;
  }

  match(call: RuleCall, ctx: RuleContext): RuleMatch | undefined {
    return matchRules(this.entries, call, ctx);
  }
}
