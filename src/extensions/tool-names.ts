/**
 * Tool lists as Claude Code's frontmatter writes them (`tools`, `allowed-tools`,
 * `disallowedTools`): a string split at commas and spaces outside parentheses
 * (`Bash(git add:*), Read Grep`), or a YAML list whose items are split the same way.
 * Entries name tools by Claude Code's names (`Read`, `Bash(...)`) or tick's own.
 */

/** A tool's names: tick's and the Claude Code names rules and matchers accept for it. */
export interface ToolNaming {
  name: string;
  claudeNames: string[];
}

export interface ToolListEntry {
  /** As written (`Bash(git add:*)`). */
  text: string;
  /** The tool part (`Bash`). */
  tool: string;
}

/** The entries of a frontmatter tool list; `problem` when the value is neither text nor a list of text. */
export function splitToolList(value: unknown): { entries: ToolListEntry[]; problem?: string } {
  const texts: string[] = [];
  let problem: string | undefined;
  if (typeof value === 'string') texts.push(...flowList(value));
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') texts.push(item);
      else problem = `${JSON.stringify(item)} is not a tool name`;
    }
  } else if (value !== null && value !== undefined) {
    problem = 'expected a list of tools (`Read, Grep` or a YAML list)';
  }
  const entries = texts.flatMap(splitOutsideParens).map((text) => ({ text, tool: toolPart(text) }));
  return problem ? { entries, problem } : { entries };
}

/**
 * A list written as `["Read", "Grep"]` on a line YAML had to read again as text (another
 * line of the frontmatter needed Claude Code's quoting retry): its items.
 */
function flowList(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return [text];
  try {
    const items: unknown = JSON.parse(trimmed);
    if (Array.isArray(items) && items.every((item) => typeof item === 'string')) return items;
  } catch {
    // Not JSON: split as written.
  }
  return [trimmed.slice(1, -1)];
}

/** `a, b(c, d) e` → `a`, `b(c, d)`, `e`. */
function splitOutsideParens(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ',' || /\s/.test(char))) {
      if (current.trim()) parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function toolPart(entry: string): string {
  const open = entry.indexOf('(');
  return (open < 0 ? entry : entry.slice(0, open)).trim();
}

/** tick's name for a tool as an entry names it (`Read` → `read_file`), or undefined. */
export function resolveToolName(tool: string, naming: readonly ToolNaming[]): string | undefined {
  if (tool === '*') return '*';
  return naming.find((t) => t.name === tool || t.claudeNames.includes(tool))?.name;
}
