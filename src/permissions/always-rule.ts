import path from 'node:path';
import type { ClassifiedPart } from './classify-command';
import { isInside } from './paths';

/** Build and test tools whose `tool subcommand` prefix covers no destructive form. */
const WIDENABLE = new Set(
  `npm pnpm yarn bun npx make cargo go python python3 node deno pytest tsc eslint prettier vitest
  jest mvn gradle dotnet uv pip pip3 poetry tox ruff mypy black cmake ninja bazel rake bundle mix`
    .split(/\s+/)
    .filter(Boolean),
);
const NEVER_WIDEN_SUBCOMMANDS =
  /^(publish|unpublish|install|i|add|uninstall|remove|rm|exec|x|dlx|global|login|owner|yank|deploy|clean)$/;

/**
 * The rule "allow always" adds for one command part: the exact command, or its first
 * two words + `:*` for a workspace-level build/test command (`bash(npm run:*)`). A risky
 * part (deletes, publishes, writes outside, runs as root) is never widened.
 */
export function alwaysRuleForPart(part: ClassifiedPart): string | undefined {
  if (part.unparseable || part.level === 'forbidden' || part.extraArgs) return undefined;
  if (part.level === 'risky' || part.level === 'edit') return `bash(${part.fullText})`;
  const words = part.matchText.split(' ');
  const [tool, sub] = words;
  // A program tick does not know: the user vouches for it (`pandoc:*`, `terraform-docs md:*`).
  if (part.level === 'unknown' && part.unknownProgram && /^[\w.+-]+$/.test(tool ?? '')) {
    const plain =
      sub !== undefined && /^[a-z][\w:.-]*$/.test(sub) && !NEVER_WIDEN_SUBCOMMANDS.test(sub);
    return plain ? `bash(${tool} ${sub}:*)` : `bash(${tool}:*)`;
  }
  if (!WIDENABLE.has(tool)) return `bash(${part.fullText})`;
  if (sub && /^[a-z][\w:.-]*$/.test(sub) && !NEVER_WIDEN_SUBCOMMANDS.test(sub)) {
    return `bash(${tool} ${sub}:*)`;
  }
  return words.length === 1 ? `bash(${tool}:*)` : `bash(${part.fullText})`;
}

/**
 * The rule for a whole command that was asked: the rule of the one part that needed
 * asking, or the exact command when several did (or when a part cannot be named).
 */
export function bashAlwaysRule(
  command: string,
  parts: readonly ClassifiedPart[],
): string | undefined {
  if (parts.some((p) => p.unparseable || p.level === 'forbidden')) return undefined;
  const needing = parts.filter(
    (p) => p.level === 'risky' || p.level === 'edit' || p.level === 'unknown',
  );
  const exact = `bash(${command.trim().replace(/\s+/g, ' ')})`;
  if (needing.length !== 1) return needing.length > 1 ? exact : undefined;
  return alwaysRuleForPart(needing[0]) ?? exact;
}

const escapeGlob = (p: string) => p.replace(/[*?[\]\\]/g, '\\$&');

/** `edit_file(./src/a.ts)`, `read_file(//etc/hosts)`: the exact path, never a folder. */
export function fileAlwaysRule(
  toolName: string,
  paths: readonly string[],
  cwd: string,
): string | undefined {
  if (paths.length !== 1) return undefined;
  const tool = toolName === 'write_file' || toolName === 'edit_file' ? 'edit_file' : 'read_file';
  const p = paths[0];
  // Outside the workspace the rule needs `//` (a single `/` starts at the project root).
  const shown = isInside(p, cwd) && p !== cwd ? `./${path.relative(cwd, p)}` : `/${p}`;
  return `${tool}(${escapeGlob(shown)})`;
}
