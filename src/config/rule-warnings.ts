/**
 * What a settings file's permission rules (and hooks' `if` rules) say that tick cannot
 * apply, one line each naming the file and the entry. The rules are parsed exactly as
 * the permission policy parses them, against tick's tools.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PermissionRules } from './types';
import type { CommandHookSettings } from '../hooks/hook-settings';
import { HOOK_EVENTS } from '../hooks/types';
import { parseRule, parseRuleList, ruleProblemText } from '../permissions/rules';
import { toolNaming } from '../tools/registry';

export function ruleWarnings(
  file: string,
  permissions: PermissionRules,
  sourceDir: string | undefined,
): string[] {
  const tools = toolNaming();
  const warnings: string[] = [];
  for (const list of ['deny', 'ask', 'allow'] as const) {
    const parsed = parseRuleList(permissions[list], list, 'settings', { tools, sourceDir });
    // Each deny rule that cannot apply is said on its own line: it protects nothing. Allow and
    // ask rules for tools tick lacks (often dozens of MCP tools) are said in one line.
    const missing = list === 'deny' ? [] : parsed.problems.filter((p) => p.missingTool);
    for (const problem of parsed.problems) {
      if (!missing.includes(problem)) warnings.push(ruleProblemText(file, list, problem));
    }
    if (missing.length)
      warnings.push(
        missingToolsText(
          file,
          list,
          missing.map((p) => p.text),
        ),
      );
    if (!sourceDir) continue;
    permissions[list].forEach((text, index) => {
      const hint = rootAnchorHint(text, sourceDir);
      if (hint)
        warnings.push(
          `${file}: note on permissions.${list}[${index}] ${JSON.stringify(text)}: ${hint}`,
        );
    });
  }
  return warnings;
}

function missingToolsText(file: string, list: string, rules: string[]): string {
  const shown = rules.slice(0, 4).map((rule) => JSON.stringify(rule));
  const more = rules.length > shown.length ? ` and ${rules.length - shown.length} more` : '';
  const count = rules.length === 1 ? '1 rule names a tool' : `${rules.length} rules name tools`;
  return `${file}: warning in permissions.${list}: ${count} tick does not have, ignored: ${shown.join(', ')}${more}`;
}

/**
 * `Read(/etc/**)` means `<project>/etc/**` (Claude Code's rule), which surprises whoever
 * meant the absolute path: said when the folder exists at the root and not in the project.
 */
function rootAnchorHint(text: string, sourceDir: string): string | undefined {
  const spec = /^\w+\(\/([^/*?[]+)(\/.*)?\)$/.exec(text.trim());
  if (!spec) return undefined;
  const first = spec[1];
  if (!existsSync(`/${first}`) || existsSync(join(sourceDir, first))) return undefined;
  return `a single leading / is relative to ${sourceDir}, not the file-system root; write //${first}${spec[2] ?? ''} for the absolute path`;
}

/** Hooks whose `if` rule cannot match anything in tick. */
export function hookConditionWarnings(file: string, hooks: CommandHookSettings): string[] {
  const tools = toolNaming();
  const warnings: string[] = [];
  for (const event of HOOK_EVENTS) {
    (hooks[event] ?? []).forEach((group, g) => {
      group.hooks.forEach((handler, h) => {
        if (handler.if === undefined) return;
        const parsed = parseRule(handler.if, { list: 'ask', tools });
        if ('problem' in parsed) {
          warnings.push(
            `${file}: hooks.${event}[${g}].hooks[${h}].if ${JSON.stringify(handler.if)}: ${parsed.problem.message}; the hook never runs`,
          );
        }
      });
    });
  }
  return warnings;
}
