/**
 * The instruction files of a session, loaded as Claude Code loads CLAUDE.md: the user's
 * file, then each folder from the git root (or home) down to the workspace; files of a
 * subfolder when the agent first reads or edits a file there; `@path` imports of any of
 * them (relative to the importing file, `~/`, absolute; at most four hops deep; a file
 * loads once, however many paths lead to it).
 */
import { readdir, realpath } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { foldersBetween, projectFolders } from '../locations';
import { resolveReference } from '../markdown-refs';
import { pathMatcher } from '../path-globs';
import { shortPath, type WarningList } from '../warnings';
import { readInstruction, type InstructionText } from './read-instruction';

/** The names read in each folder, in this order. */
export const INSTRUCTION_NAMES = [
  'AGENTS.md',
  'CLAUDE.md',
  '.tick/AGENTS.md',
  '.claude/CLAUDE.md',
  'CLAUDE.local.md',
] as const;
/** Folders of rule files (`*.md`, searched below them too). */
const RULE_FOLDERS = ['.claude/rules', '.tick/rules'] as const;
/** Claude Code follows imports at most four hops deep. */
export const MAX_IMPORT_HOPS = 4;

export type InstructionScope = 'user' | 'project' | 'subfolder' | 'rule' | 'import';

export interface LoadedInstruction {
  /** The path it was found at (the first, when several lead to it). */
  path: string;
  /** Other paths that are the same file (symlinks). */
  aliases: string[];
  scope: InstructionScope;
  /** The file whose `@path` brought it in. */
  importedBy?: string;
  content: string;
}

interface PendingRule {
  file: string;
  /** The folder its patterns are relative to (the one holding `.claude/rules`). */
  base: string;
  matches: (relativePath: string) => boolean;
  text: InstructionText;
}

export interface InstructionLoaderOptions {
  cwd: string;
  /** The home folder (`~` in imports, the end of the walk up outside a repository). */
  home: string;
  /** `$TICK_HOME`: its AGENTS.md is the user's own. */
  tickHome: string;
  warnings: WarningList;
}

export class InstructionLoader {
  private readonly byRealPath = new Map<string, LoadedInstruction>();
  private readonly files: LoadedInstruction[] = [];
  private readonly visitedFolders = new Set<string>();
  private readonly pendingRules: PendingRule[] = [];
  private readonly namedMissing = new Set<string>();
  /** What startup() loaded: in the system prompt for good. */
  private readonly atStartup = new Set<LoadedInstruction>();
  /** Path-scoped rules loaded since, to be pending again after a compaction. */
  private readonly firedRules = new Map<LoadedInstruction, PendingRule>();
  /** Folders whose files' imports may reach anywhere (the user's own). */
  private readonly projectTop: string;

  constructor(private readonly options: InstructionLoaderOptions) {
    this.projectTop = projectFolders(options.cwd, options.home)[0];
  }

  /** Every file loaded so far, in the order the model reads them. */
  loaded(): readonly LoadedInstruction[] {
    return this.files;
  }

  /** The user's file, then the project's folders down to the workspace. */
  async startup(): Promise<LoadedInstruction[]> {
    const found: LoadedInstruction[] = [];
    await this.loadFile(join(this.options.tickHome, 'AGENTS.md'), 'user', found, []);
    for (const folder of projectFolders(this.options.cwd, this.options.home)) {
      await this.loadFolder(folder, 'project', found);
    }
    for (const file of found) this.atStartup.add(file);
    return found;
  }

  /**
   * The agent is about to see `file` (it read or edited it): the instruction files of the
   * subfolders between the workspace and it not loaded yet, and the path-scoped rules it
   * matches. Empty when there is nothing new.
   */
  async forPath(file: string): Promise<LoadedInstruction[]> {
    const found: LoadedInstruction[] = [];
    for (const folder of foldersBetween(this.options.cwd, dirname(file))) {
      if (this.visitedFolders.has(folder)) continue;
      await this.loadFolder(folder, 'subfolder', found);
    }
    for (const rule of [...this.pendingRules]) {
      const rel = relative(rule.base, file);
      if (!rel || rel.startsWith('..') || !rule.matches(rel.split(sep).join('/'))) continue;
      this.pendingRules.splice(this.pendingRules.indexOf(rule), 1);
      const before = found.length;
      await this.accept(rule.file, rule.text, 'rule', found, []);
      if (found.length > before) this.firedRules.set(found[before], rule);
    }
    return found;
  }

  /**
   * After a compaction the subfolders' files and the path-scoped rules are gone from the
   * history: they load again when the agent next touches a file they apply to.
   */
  forgetSubfolders(): void {
    const kept = this.files.filter((file) => this.atStartup.has(file));
    for (const [real, loaded] of this.byRealPath) {
      if (!this.atStartup.has(loaded)) this.byRealPath.delete(real);
    }
    this.files.splice(0, this.files.length, ...kept);
    this.pendingRules.push(...this.firedRules.values());
    this.firedRules.clear();
    for (const folder of this.visitedFolders) {
      if (foldersBetween(this.options.cwd, folder).length > 0) this.visitedFolders.delete(folder);
    }
  }

  private async loadFolder(
    folder: string,
    scope: InstructionScope,
    found: LoadedInstruction[],
  ): Promise<void> {
    this.visitedFolders.add(folder);
    for (const name of INSTRUCTION_NAMES) await this.loadFile(join(folder, name), scope, found, []);
    for (const rules of RULE_FOLDERS) {
      for (const file of await markdownFilesUnder(join(folder, rules))) {
        const read = await readInstruction(file);
        if (!read.ok) {
          if (!read.missing) this.warn(file, undefined, `not loaded: ${read.reason}`);
          continue;
        }
        if (read.text.paths) {
          if (this.byRealPath.has(read.text.realPath)) continue;
          this.pendingRules.push({
            file,
            base: folder,
            matches: pathMatcher(read.text.paths),
            text: read.text,
          });
          continue;
        }
        await this.accept(file, read.text, 'rule', found, []);
      }
    }
  }

  private async loadFile(
    path: string,
    scope: InstructionScope,
    found: LoadedInstruction[],
    chain: readonly string[],
    importedBy?: { file: string; line: number; pathLike: boolean },
  ): Promise<void> {
    const read = await readInstruction(path);
    if (!read.ok) {
      if (!importedBy) {
        if (!read.missing) this.warn(path, undefined, `not loaded: ${read.reason}`);
        return;
      }
      // A bare `@word` that names no file is prose (a handle, a package); a path is a mistake.
      if (read.missing && !importedBy.pathLike) return;
      if (read.missing && this.namedMissing.has(path)) return;
      if (read.missing) this.namedMissing.add(path);
      this.warn(
        importedBy.file,
        importedBy.line,
        `import @${this.show(path)} not loaded: ${read.reason}`,
      );
      return;
    }
    await this.accept(path, read.text, scope, found, chain, importedBy?.file);
  }

  private async accept(
    path: string,
    text: InstructionText,
    scope: InstructionScope,
    found: LoadedInstruction[],
    chain: readonly string[],
    importedBy?: string,
  ): Promise<void> {
    for (const problem of text.problems) this.warn(path, problem.line, problem.message);
    const already = this.byRealPath.get(text.realPath);
    if (already) {
      if (already.path !== path && !already.aliases.includes(path)) already.aliases.push(path);
      return;
    }
    const loaded: LoadedInstruction = {
      path,
      aliases: [],
      scope,
      content: text.content,
      ...(importedBy ? { importedBy } : {}),
    };
    this.byRealPath.set(text.realPath, loaded);
    this.files.push(loaded);
    found.push(loaded);
    await this.followImports(path, text, scope, found, [...chain, text.realPath]);
  }

  private async followImports(
    path: string,
    text: InstructionText,
    scope: InstructionScope,
    found: LoadedInstruction[],
    chain: readonly string[],
  ): Promise<void> {
    for (const ref of text.references) {
      const target = resolveReference(ref.spelling, dirname(text.realPath), this.options.home);
      const how = { file: path, line: ref.line, pathLike: ref.pathLike };
      if (chain.length > MAX_IMPORT_HOPS) {
        this.warn(
          path,
          ref.line,
          `import @${ref.spelling} not loaded: imports go at most ${MAX_IMPORT_HOPS} hops deep`,
        );
        continue;
      }
      if (scope !== 'user' && !this.mayImport(target)) {
        this.warn(
          path,
          ref.line,
          `import @${ref.spelling} not loaded: it is outside the project (${this.show(target)}); ` +
            `import it from $TICK_HOME/AGENTS.md, whose imports may reach anywhere`,
        );
        continue;
      }
      const real = await realOrSelf(target);
      if (chain.includes(real)) {
        this.warn(
          path,
          ref.line,
          `import @${ref.spelling} not loaded again: it imports this file (a cycle)`,
        );
        continue;
      }
      await this.loadFile(target, 'import', found, chain, how);
    }
  }

  /** A project file may import files of the project (from its top folder down) and of $TICK_HOME. */
  private mayImport(target: string): boolean {
    return [this.projectTop, this.options.tickHome].some((root) => {
      const rel = relative(root, target);
      return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
    });
  }

  private show(path: string): string {
    return shortPath(path, this.options.cwd);
  }

  private warn(file: string, line: number | undefined, message: string): void {
    this.options.warnings.add({ file, ...(line ? { line } : {}), message });
  }
}

async function realOrSelf(path: string): Promise<string> {
  return realpath(path).catch(() => path);
}

/** `*.md` files in a folder and below it, sorted; none when it does not exist. */
async function markdownFilesUnder(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
