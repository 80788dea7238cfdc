/**
 * Every real file of the corpus folders (instructions/, claude-commands/, skills/,
 * claude-agents/: setups written by others, see each INDEX.md) loads, or is named in a
 * warning with its line. Each folder is copied into a temporary workspace (with a `.git`)
 * laid out as a user would have it.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadExtensions, type Extensions } from '../../src/extensions/load-extensions';
import { toolNaming, TOOLS } from '../../src/tools/registry';
import { tempDir } from '../support/agent-harness';
import { corporaDir } from '../support/corpora';

const naming = [...toolNaming(TOOLS), { name: 'skill', claudeNames: ['Skill'] }];
const corpus = (folder: string) => join(corporaDir(), folder);
const entries = (folder: string) =>
  readdirSync(corpus(folder)).filter((name) => !/^(INDEX|README|PROVENANCE)\.md$/.test(name));

function workspace(): string {
  const ws = tempDir('tick-corpus-');
  mkdirSync(join(ws, '.git'));
  return ws;
}

const load = (cwd: string): Promise<Extensions> =>
  loadExtensions({ cwd, home: tempDir('tick-home-'), tickHome: tempDir('tick-th-'), naming });

/** A warning names a file of the workspace and a line of it that holds the key it talks about. */
function expectPrecise(ext: Extensions): void {
  for (const warning of ext.warnings) {
    expect(existsSync(warning.file), warning.message).toBe(true);
    if (warning.line === undefined) continue;
    const line = readFileSync(warning.file, 'utf8').split('\n')[warning.line - 1] ?? '';
    const key = /^`?([\w-]+)[`:]/.exec(warning.message)?.[1];
    if (key && /^[\w-]+$/.test(key) && line.includes(':'))
      expect(line, warning.message).toContain(key);
  }
}

describe('instructions/ corpus', () => {
  for (const repo of entries('instructions')) {
    test(`${repo}: the root files load at start, each once; the rest with the first file read below them`, async () => {
      const ws = workspace();
      cpSync(join(corpus('instructions'), repo), ws, { recursive: true, verbatimSymlinks: true });
      const ext = await load(ws);
      expectPrecise(ext);
      const loaded = ext.instructions.loaded();
      expect(loaded.length).toBeGreaterThan(0);
      // No text is in the prompt twice (symlinks, and their stand-ins, load once).
      const contents = loaded.map((file) => file.content);
      expect(new Set(contents).size).toBe(contents.length);
      for (const file of loaded)
        expect(ext.startupInstructions).toContain(file.content.trim().slice(0, 200));
      // Every nested instruction file comes when a file beside it is read.
      const nested = listFiles(ws).filter(
        (path) =>
          /(^|\/)(AGENTS|CLAUDE)\.md$/.test(path) && path.includes('/') && !path.startsWith('.'),
      );
      for (const path of nested) {
        const dir = path.slice(0, path.lastIndexOf('/'));
        await ext.instructions.forPath(join(ws, dir, 'some-file.ts'));
      }
      const after = ext.instructions.loaded().map((file) => file.content);
      for (const path of nested) {
        const text = readFileSync(join(ws, path), 'utf8');
        if (/^[^\s]+\.md$/.test(text)) continue; // a symlink's stand-in: its target is the content
        expect(after.some((content) => text.includes(content.trim().slice(0, 100)))).toBe(true);
      }
    });
  }

  test('imports: @AGENTS.md at a line start or after prose loads it once; in code spans never', async () => {
    for (const repo of [
      'DiversioTeam__claude-plugins',
      'cybercog__laravel-love',
      'thomascarlyonrussell__shrouded-sails',
    ]) {
      const ws = workspace();
      cpSync(join(corpus('instructions'), repo), ws, { recursive: true });
      const ext = await load(ws);
      expect(ext.warnings).toEqual([]);
      expect(ext.instructions.loaded().map((file) => file.path.slice(ws.length + 1))).toEqual([
        'AGENTS.md',
        'CLAUDE.md',
      ]);
    }
  });

  test('a dot-folder import with another extension (.cursor/rules/*.mdc) loads; paths: rules wait for a match', async () => {
    const ws = workspace();
    cpSync(join(corpus('instructions'), 'ichizero__claude-mdc-imports-repro'), ws, {
      recursive: true,
    });
    const ext = await load(ws);
    expect(ext.instructions.loaded().map((file) => file.path.slice(ws.length + 1))).toEqual(
      expect.arrayContaining([
        'CLAUDE.md',
        'docs/sample-instructions.md',
        '.cursor/rules/sample-cursor-instructions.mdc',
      ]),
    );
    const dots = workspace();
    cpSync(join(corpus('instructions'), '1natsu172__dotfiles'), dots, {
      recursive: true,
      verbatimSymlinks: true,
    });
    const rules = await load(dots);
    const names = () => rules.instructions.loaded().map((file) => file.path.slice(dots.length + 1));
    expect(names()).not.toContain('.claude/rules/claude-code-settings.md');
    await rules.instructions.forPath(join(dots, '.claude/settings.json'));
    expect(names()).toContain('.claude/rules/claude-code-settings.md');
  });
});

function listFiles(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? (entry.name === '.git' ? [] : listFiles(root, path)) : [path];
  });
}

describe('claude-commands/, skills/ and claude-agents/ corpora', () => {
  test('every command file is a /command with a description, or is warned about by line', async () => {
    const ws = workspace();
    for (const name of entries('claude-commands'))
      cpSync(join(corpus('claude-commands'), name), join(ws, '.claude/commands', name));
    const ext = await load(ws);
    expectPrecise(ext);
    const commands = ext.commands.filter((c) => c.kind === 'command' && c.origin === 'project');
    expect(commands.map((c) => `${c.name}.md`).sort()).toEqual(entries('claude-commands').sort());
    for (const command of commands) expect(command.description.length).toBeGreaterThan(0);
  });

  test('every skill folder is a skill with its description; only SKILL.md is read at start', async () => {
    const ws = workspace();
    cpSync(corpus('skills'), join(ws, '.claude/skills'), { recursive: true });
    const ext = await load(ws);
    expectPrecise(ext);
    const skills = ext.commands.filter((c) => c.kind === 'skill');
    expect(skills.map((s) => s.name).sort()).toEqual(entries('skills').sort());
    for (const skill of skills) expect(skill.description.length).toBeGreaterThan(20);
  });

  test('every agent definition is an agent type, or is warned about by line', async () => {
    const ws = workspace();
    for (const name of entries('claude-agents'))
      cpSync(join(corpus('claude-agents'), name), join(ws, '.claude/agents', name));
    const ext = await load(ws);
    expectPrecise(ext);
    const defined = ext.agentTypes.list().filter((t) => t.origin === 'project');
    const warned = new Set(ext.warnings.map((w) => w.file));
    for (const name of entries('claude-agents')) {
      const file = join(ws, '.claude/agents', name);
      expect(defined.some((t) => t.file === file) || warned.has(file), name).toBe(true);
    }
    // A definition listing Grep gets read-only bash for its searches.
    const explorer = defined.find((t) => t.name === 'code-explorer');
    expect(explorer?.tools).toEqual(expect.arrayContaining(['glob', 'read_file', 'bash']));
    expect(explorer?.readOnlyBash).toBe(true);
    // `tools: ["Read", "Grep"]` on a line read as text still names the tools.
    expect(defined.find((t) => t.name === 'conversation-analyzer')?.tools).toEqual([
      'read_file',
      'bash',
    ]);
  });
});
