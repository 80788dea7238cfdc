import { hljs, resolveLanguage } from '../../src/util/code-languages';
import { lruMemoBy } from '../../src/util/lru-memo';
import type { Color, Line, Style } from './spans';

const CLASS_COLORS: Record<string, Color> = {
  keyword: 'magenta',
  built_in: 'cyan',
  type: 'cyan',
  literal: 'yellow',
  number: 'yellow',
  string: 'green',
  regexp: 'green',
  title: 'blue',
  'title.function': 'blue',
  'title.class': 'blue',
  attr: 'cyan',
  attribute: 'cyan',
  property: 'cyan',
  variable: 'red',
  'template-variable': 'red',
  tag: 'blue',
  name: 'blue',
  addition: 'green',
  deletion: 'red',
  symbol: 'yellow',
  params: 'white',
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
};
const styleCache = new Map<string, Style | undefined>();

function styleFor(className: string): Style | undefined {
  if (styleCache.has(className)) return styleCache.get(className);
  const name = className.replace(/^hljs-/, '').split(' ')[0];
  let style: Style | undefined;
  if (name === 'comment' || name === 'meta' || name === 'quote')
    style = { fg: 'gray', italic: true };
  else if (CLASS_COLORS[name]) style = { fg: CLASS_COLORS[name] };
  styleCache.set(className, style);
  return style;
}

function decode(text: string): string {
  return text.replace(/&(#x27|#39|amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]);
}

/**
 * The blocks highlighted last: a block is laid out while it streams and again when it is
 * committed, and highlighting is the dearest part of laying out Markdown.
 */
const highlighted = lruMemoBy(
  (code: string, language: string) => `${language}\n${code}`,
  highlightWith,
  32,
);

/** Code as coloured logical lines (one per source line). Callers must not change them. */
export function highlightCode(code: string, lang: string | undefined): Line[] {
  const language = resolveLanguage(lang);
  if (!language) return code.split('\n').map((row) => (row ? [{ text: row }] : []));
  return highlighted(code, language);
}

function highlightWith(code: string, language: string): Line[] {
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  const lines: Line[] = [[]];
  const stack: (Style | undefined)[] = [];
  const tokenRe = /<span class="([^"]+)">|<\/span>|[^<]+/g;
  let match: RegExpExecArray | null;
  while ((match = tokenRe.exec(html))) {
    if (match[1] !== undefined) {
      stack.push(styleFor(match[1]) ?? stack[stack.length - 1]);
    } else if (match[0] === '</span>') {
      stack.pop();
    } else {
      const style = stack[stack.length - 1];
      const parts = decode(match[0]).split('\n');
      parts.forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) lines[lines.length - 1].push(style ? { text: part, style } : { text: part });
      });
    }
  }
  return lines;
}
