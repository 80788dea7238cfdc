/**
 * `@path` references in Markdown, found the way Claude Code finds CLAUDE.md imports: in the
 * text of the document only (never in code spans, fenced or indented code, or HTML comments),
 * an `@` at the start of a line or after white space, up to the next white space (`\ ` keeps
 * a space). A `#fragment` and trailing sentence punctuation are not part of the path.
 */
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { Lexer, type Token } from 'marked';

export interface AtReference {
  /** The path as written, fragment and punctuation removed (`docs/a.md`, `~/x.md`). */
  spelling: string;
  /**
   * It reads as a path (has a `/` or a `.`): a missing file is worth a warning. A bare word
   * (`@README`, `@alice`) is used when such a file exists and is otherwise taken as prose.
   */
  pathLike: boolean;
}

const REFERENCE = /(?:^|\s)@((?:[^\s\\]|\\ |\\(?=\S))+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;
const COMMENT = /<!--[\s\S]*?-->/g;

function lex(markdown: string): Token[] {
  return new Lexer({ gfm: false }).lex(markdown);
}

/** Block-level HTML comments removed (what is left on their line stays); code keeps its comments. */
export function stripHtmlComments(markdown: string): string {
  if (!markdown.includes('<!--')) return markdown;
  let out = '';
  for (const token of lex(markdown)) {
    const residue = commentResidue(token);
    out += residue ?? token.raw;
  }
  return out;
}

/** An HTML block that opens with a comment: the text beside the comment; else undefined. */
function commentResidue(token: Token): string | undefined {
  if (token.type !== 'html') return undefined;
  const lead = token.raw.trimStart();
  if (!lead.startsWith('<!--') || !lead.includes('-->')) return undefined;
  const residue = token.raw.replace(COMMENT, '');
  return residue.trim() ? residue : '';
}

/** Every `@reference` in the Markdown's prose, in order, each once. */
export function atReferences(markdown: string): AtReference[] {
  if (!markdown.includes('@')) return [];
  const found = new Map<string, AtReference>();
  const scan = (text: string): void => {
    for (const match of text.matchAll(REFERENCE)) {
      const spelling = cleanSpelling(match[1]);
      if (spelling && acceptedSpelling(spelling) && !found.has(spelling)) {
        found.set(spelling, {
          spelling,
          pathLike: spelling.includes('/') || spelling.includes('.'),
        });
      }
    }
  };
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'code' || token.type === 'codespan') continue;
      if (token.type === 'html') {
        const residue = commentResidue(token);
        if (residue) scan(residue);
        continue;
      }
      if (token.type === 'text' && !('tokens' in token && token.tokens?.length)) scan(token.text);
      if ('tokens' in token && token.tokens) walk(token.tokens);
      if (token.type === 'list') walk(token.items);
    }
  };
  walk(lex(markdown));
  return [...found.values()];
}

function cleanSpelling(raw: string): string {
  const hash = raw.indexOf('#');
  const path = hash === -1 ? raw : raw.slice(0, hash);
  return path.replace(/\\ /g, ' ').replace(TRAILING_PUNCTUATION, '');
}

/** `./x`, `~/x`, `/x` (not `/` alone), or a name starting with a letter, digit, `.`, `_` or `-`. */
function acceptedSpelling(path: string): boolean {
  if (path.startsWith('./') || path.startsWith('~/')) return true;
  if (path.startsWith('/')) return path !== '/';
  return /^[A-Za-z0-9._-]/.test(path);
}

/** The absolute path a reference names, relative to the folder of the file that holds it. */
export function resolveReference(spelling: string, baseDir: string, home = homedir()): string {
  if (spelling === '~' || spelling.startsWith('~/')) return resolve(home, spelling.slice(2));
  return isAbsolute(spelling) ? resolve(spelling) : resolve(baseDir, spelling);
}
