import { Marked, type Tokens } from 'marked';
import { hljs, resolveLanguage } from '../util/code-languages';

/** Text made safe for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Links that may become clickable: nothing that runs script or reaches into the machine. */
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Markdown to HTML where only Markdown makes markup: raw HTML in the text is shown as text,
 * links are kept only for http(s) and mailto, images become their text (the page fetches
 * nothing), and fenced code is highlighted with highlight.js classes.
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      const text = escapeHtml(token.text);
      return 'block' in token && token.block ? `<p>${text}</p>\n` : text;
    },
    link(token: Tokens.Link): string {
      const label = this.parser.parseInline(token.tokens);
      if (!SAFE_LINK.test(token.href)) return label;
      return `<a href="${escapeHtml(token.href)}" rel="noreferrer">${label}</a>`;
    },
    image(token: Tokens.Image): string {
      return escapeHtml(`[image: ${token.text}] ${token.href}`);
    },
    code(token: Tokens.Code): string {
      const language = resolveLanguage(token.lang);
      const body = language
        ? hljs.highlight(token.text, { language, ignoreIllegals: true }).value
        : escapeHtml(token.text);
      const kind = language ? ` language-${language}` : '';
      return `<pre><code class="hljs${kind}">${body}</code></pre>\n`;
    },
  },
});

/** One answer's Markdown as HTML (headings, lists, tables, code), everything else escaped. */
export function markdownToHtml(text: string): string {
  return marked.parse(text) as string;
}
