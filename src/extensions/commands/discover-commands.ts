/**
 * Finds the slash commands and skills of a session:
 * - commands: `*.md` under `.claude/commands/` and `.tick/commands/` (subfolders make
 *   namespaces: `frontend/component.md` is `/frontend:component`), and `$TICK_HOME/commands/`;
 * - skills: folders holding a `SKILL.md` in `.claude/skills/`, `.agents/skills/`,
 *   `.tick/skills/`, and `$TICK_HOME/skills/`; the folder's name is the command.
 * Project folders are searched from the git root down to the workspace (a nearer one wins);
 * as in Claude Code, the user's own override the project's and a skill overrides a command
 * of the same name.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ToolNaming } from '../tool-names';
import type { WarningList } from '../warnings';
import { BUILT_IN_COMMANDS } from './built-in-commands';
import { readPromptCommand, type Origin, type PromptCommand } from './prompt-command';

const COMMAND_FOLDERS = ['.claude/commands', '.tick/commands'];
const SKILL_FOLDERS = ['.claude/skills', '.agents/skills', '.tick/skills'];

export interface DiscoverOptions {
  /** The project's folders, outermost first (the workspace last). */
  projectFolders: readonly string[];
  /** `$TICK_HOME`. */
  userFolder: string;
  naming: readonly ToolNaming[];
  warnings: WarningList;
}

/** Every command and skill the user may type, by name; the winners of each name's clashes. */
export async function discoverPromptCommands(options: DiscoverOptions): Promise<PromptCommand[]> {
  // Later entries override earlier ones: project (outer to inner), then user; commands, then skills.
  const sources: { root: string; origin: Origin }[] = [
    ...options.projectFolders.map((root) => ({ root, origin: 'project' as const })),
    { root: options.userFolder, origin: 'user' as const },
  ];
  const byName = new Map<string, PromptCommand>(BUILT_IN_COMMANDS.map((c) => [c.name, c]));
  const seenFiles = new Set<string>();
  const put = (command: PromptCommand): void => {
    const previous = byName.get(command.name);
    if (previous && previous.origin !== 'built-in') {
      options.warnings.add({
        file: previous.file,
        message: `/${command.name} is also defined by ${command.file}, which is used`,
      });
    }
    byName.set(command.name, command);
  };
  for (const kind of ['command', 'skill'] as const) {
    for (const { root, origin } of sources) {
      const folders = kind === 'command' ? COMMAND_FOLDERS : SKILL_FOLDERS;
      const base = origin === 'user' ? [kind === 'command' ? 'commands' : 'skills'] : folders;
      for (const folder of base) {
        const found =
          kind === 'command'
            ? await commandFiles(join(root, folder))
            : await skillFiles(join(root, folder));
        for (const { file, name, dir } of found) {
          const real = await realpath(file).catch(() => file);
          if (seenFiles.has(real)) continue;
          seenFiles.add(real);
          const command = await readPromptCommand(file, { kind, name, origin, dir, ...options });
          if (command) put(command);
        }
      }
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

interface FoundFile {
  file: string;
  name: string;
  dir: string;
}

/** `*.md` below a commands folder; the path's folders, joined by `:`, namespace the name. */
async function commandFiles(folder: string): Promise<FoundFile[]> {
  const entries = await listTree(folder);
  return entries
    .filter((path) => path.endsWith('.md'))
    .map((path) => {
      const rel = relative(folder, path).slice(0, -'.md'.length);
      const dir = path.slice(0, path.lastIndexOf(sep));
      return { file: path, name: rel.split(sep).join(':'), dir };
    });
}

/** Each folder below a skills folder that holds a SKILL.md. */
async function skillFiles(folder: string): Promise<FoundFile[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch {
    return [];
  }
  const found: FoundFile[] = [];
  for (const name of names) {
    const dir = join(folder, name);
    const file = join(dir, 'SKILL.md');
    if (await isFile(file)) found.push({ file, name, dir });
  }
  return found;
}

/** Every file below a folder (following symlinked folders), sorted; none when it does not exist. */
async function listTree(folder: string, depth = 0): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory() && depth < 8) files.push(...(await listTree(path, depth + 1)));
    else if (info?.isFile()) files.push(path);
  }
  return files;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

export { listTree };
