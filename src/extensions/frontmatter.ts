/**
 * YAML frontmatter as Claude Code reads it: a `---` line opening the file, the YAML up to
 * the next `---` line, then the Markdown body. The YAML is parsed as YAML 1.2 (the `yaml`
 * package, which Claude Code uses too); when strict YAML rejects it, Claude Code tries once
 * more with every plain `key: value` line whose value holds a YAML indicator (`: `, `[`,
 * `*`, `#`, ...) put in double quotes, which is how real files such as
 * `description: Use this agent when: ...` or `argument-hint: [path] [what]` load. tick does
 * the same, and keeps the line of each key for warnings.
 */
import type { Document, LineCounter as LineCounterType } from 'yaml';

export interface FrontmatterProblem {
  /** 1-based line in the file. */
  line: number;
  message: string;
}

export interface Frontmatter {
  /** The file opens with a frontmatter block (closed by a `---` line). */
  present: boolean;
  /** The top-level map (empty when absent or unreadable). */
  data: Record<string, unknown>;
  /** The 1-based line of each top-level key in the file. */
  keyLines: ReadonlyMap<string, number>;
  /** The Markdown after the block (the whole text when there is none). */
  body: string;
  /** The 1-based line the body starts on. */
  bodyLine: number;
  /** YAML that could not be read even after quoting (then `data` is empty). */
  problems: FrontmatterProblem[];
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/m;

/** Splits and parses the frontmatter of a Markdown file's text. */
export async function parseFrontmatter(text: string): Promise<Frontmatter> {
  const none: Frontmatter = {
    present: false,
    data: {},
    keyLines: new Map(),
    body: text.replace(/^\uFEFF/, ''),
    bodyLine: 1,
    problems: [],
  };
  const open = OPENING.exec(text);
  if (!open) return none;
  const rest = text.slice(open[0].length);
  const close = CLOSING.exec(rest);
  if (!close) {
    return {
      ...none,
      problems: [{ line: 1, message: 'frontmatter opened with `---` is never closed' }],
    };
  }
  const yamlText = rest.slice(0, close.index).replace(/\r\n/g, '\n');
  const afterClose = rest.slice(close.index + close[0].length).replace(/^\n/, '');
  const yamlLines =
    yamlText === '' ? 0 : yamlText.split('\n').length - (yamlText.endsWith('\n') ? 1 : 0);
  const bodyLine = yamlLines + 3;
  const parsed = (await readYaml(yamlText)) ?? (await readYaml(quoteProblematicValues(yamlText)));
  if (!parsed || 'error' in parsed) {
    const failed = parsed && 'error' in parsed ? parsed : await readYamlError(yamlText);
    return {
      present: true,
      data: {},
      keyLines: new Map(),
      body: afterClose,
      bodyLine,
      problems: [
        { line: failed.line + 1, message: `frontmatter is not valid YAML: ${failed.error}` },
      ],
    };
  }
  return { present: true, ...parsed, body: afterClose, bodyLine, problems: [] };
}

type ReadYaml =
  | { data: Record<string, unknown>; keyLines: Map<string, number> }
  | { error: string; line: number };

/** Parses YAML; undefined when it has errors (the caller may retry), else the map and key lines. */
async function readYaml(text: string): Promise<ReadYaml | undefined> {
  const { doc, lines } = await parseYaml(text);
  if (doc.errors.length > 0) return undefined;
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (value === null || value === undefined) return { data: {}, keyLines: new Map() };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'it is not a map of `key: value` lines', line: 1 };
  }
  return { data: value as Record<string, unknown>, keyLines: keyLinesOf(doc, lines) };
}

/** The first error of the original text, for the warning (the retry's positions may differ). */
async function readYamlError(text: string): Promise<{ error: string; line: number }> {
  const { doc } = await parseYaml(text);
  const first = doc.errors[0];
  const line = first?.linePos?.[0].line ?? 1;
  const message = (first?.message ?? 'unreadable')
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '');
  return { error: message, line };
}

async function parseYaml(text: string): Promise<{ doc: Document; lines: LineCounterType }> {
  // yaml is CommonJS: the bundle's chunk has only a default export (its module.exports).
  const yaml = await import('yaml');
  const { LineCounter, parseDocument } = yaml.default;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  return { doc, lines };
}

function keyLinesOf(doc: Document, lines: LineCounterType): Map<string, number> {
  const found = new Map<string, number>();
  const contents = doc.contents as { items?: { key?: { value?: unknown; range?: number[] } }[] };
  for (const item of contents?.items ?? []) {
    const key = item.key;
    if (key?.range && key.value !== undefined) {
      // +1: the opening `---` is line 1 of the file.
      found.set(String(key.value), lines.linePos(key.range[0]).line + 1);
    }
  }
  return found;
}

/** What makes an unquoted YAML value something other than plain text. */
const YAML_INDICATOR = /[{}[\]*&#!|>%@`]|: /;

/**
 * Claude Code's second try: each `key: value` line at the top level whose value is not
 * already quoted and holds a YAML indicator gets its value double-quoted (escaped), so
 * the value is read as the text it looks like. Other lines stay as they are.
 */
export function quoteProblematicValues(yamlText: string): string {
  return yamlText
    .split('\n')
    .map((line) => {
      const match = /^([A-Za-z_-]+):\s+(.+)$/.exec(line);
      if (!match) return line;
      const [, key, value] = match;
      const quoted =
        (value.startsWith('"') && value.endsWith('"')) ||
        (value.startsWith("'") && value.endsWith("'"));
      if (quoted || !YAML_INDICATOR.test(value)) return line;
      return `${key}: "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join('\n');
}
