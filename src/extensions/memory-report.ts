import type { Extensions } from './load-extensions';
import { formatWarning, shortPath } from './warnings';

/** `/memory`: each instruction file loaded so far (where from, how big), then the problems. */
export function memoryReport(extensions: Extensions, cwd: string): string {
  const files = extensions.instructions.loaded();
  const lines = files.length
    ? files.map((file) => {
        const from = file.importedBy ? `, imported by ${shortPath(file.importedBy, cwd)}` : '';
        return `  ${shortPath(file.path, cwd)}  (${file.scope}${from}, ${file.content.length.toLocaleString('en-US')} characters)`;
      })
    : [
        '  none (tick reads AGENTS.md, CLAUDE.md, .tick/AGENTS.md and $TICK_HOME/AGENTS.md; /init writes one)',
      ];
  const problems = extensions.warnings.map((warning) => `  ${formatWarning(warning, cwd)}`);
  return [
    'Instruction files loaded',
    ...lines,
    ...(problems.length ? ['Problems in your setup files', ...problems] : []),
  ].join('\n');
}
