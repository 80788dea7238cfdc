import type { Frontmatter } from './frontmatter';
import type { WarningList } from './warnings';

/** How a file kind treats each frontmatter key tick knows of. */
export interface KeyTable {
  /** Keys tick reads. */
  used: readonly string[];
  /** Keys Claude Code documents for this kind that tick accepts and does not act on (said in the README). */
  ignored: readonly string[];
  /** Keys that belong to another kind of file, with what to say (`allowed-tools` in an agent). */
  misplaced?: Readonly<Record<string, string>>;
}

/**
 * Reads one file's frontmatter values, warning (with the key's line) about values of the
 * wrong shape and keys tick does not know. Values are read the way Claude Code reads them.
 */
export class FrontmatterFields {
  constructor(
    private readonly fm: Frontmatter,
    private readonly file: string,
    private readonly warnings: WarningList,
  ) {
    for (const problem of fm.problems) warnings.add({ file, ...problem });
  }

  has(key: string): boolean {
    return this.fm.data[key] !== undefined && this.fm.data[key] !== null;
  }

  raw(key: string): unknown {
    return this.fm.data[key];
  }

  line(key: string): number | undefined {
    return this.fm.keyLines.get(key);
  }

  warn(key: string | undefined, message: string): void {
    const line = key === undefined ? undefined : this.line(key);
    this.warnings.add({ file: this.file, ...(line ? { line } : {}), message });
  }

  /**
   * A text value. Numbers and booleans count as their text; a YAML list (an unquoted
   * `[issue-number]` hint) is put back as the bracketed text it was written as.
   */
  text(key: string): string | undefined {
    const value = this.fm.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
      return `[${value.map((item) => String(item ?? '')).join(', ')}]`;
    }
    this.warn(key, `${key}: expected text, got ${describe(value)}; ignored`);
    return undefined;
  }

  /** A boolean as Claude Code takes one: true/false, yes/no, on/off, 1/0 in any case. */
  flag(key: string): boolean | undefined {
    const value = this.fm.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    const text = String(value).trim().toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(text)) return true;
    if (['false', 'no', 'off', '0'].includes(text)) return false;
    this.warn(key, `${key}: expected true or false, got ${JSON.stringify(value)}; ignored`);
    return undefined;
  }

  /** Warns about each key that is neither used nor knowingly ignored. */
  checkKeys(kind: string, table: KeyTable): void {
    for (const key of Object.keys(this.fm.data)) {
      if (table.used.includes(key) || table.ignored.includes(key)) continue;
      const misplaced = table.misplaced?.[key];
      this.warn(key, misplaced ?? `unknown key \`${key}\` in ${kind} frontmatter; ignored`);
    }
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value && typeof value === 'object') return 'a map';
  return JSON.stringify(value);
}
