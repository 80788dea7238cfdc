import type { PermissionPolicy } from '../permissions/policy';

/**
 * Permission rules that hold until the user's current prompt ends: a command's or skill's
 * `allowed-tools` (allow) and `disallowed-tools` (deny), as Claude Code grants them "for the
 * turn that invokes" it. A rule tick cannot apply (a tool it lacks) is left out; the
 * command's file was warned about when it loaded.
 */
export class PromptGrants {
  private granted: { list: 'allow' | 'deny'; rule: string }[] = [];

  constructor(private readonly policy: PermissionPolicy) {}

  grant({ allow, deny }: { allow: readonly string[]; deny: readonly string[] }): void {
    for (const [list, rules] of [
      ['allow', allow],
      ['deny', deny],
    ] as const) {
      for (const rule of rules) {
        if (!this.policy.addRule(list, rule, 'prompt').error) this.granted.push({ list, rule });
      }
    }
  }

  /** The prompt ended: its grants go. */
  clear(): void {
    for (const { list, rule } of this.granted) this.policy.removeRule(rule, list, 'prompt');
    this.granted = [];
  }
}
