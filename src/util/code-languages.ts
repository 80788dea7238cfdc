import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// A small set keeps start-up quick; unknown languages are shown uncoloured.
const LANGUAGES = { bash, css, diff, go, javascript, json, python, rust, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** highlight.js with the languages code is highlighted in (the app and the HTML export). */
export { hljs };

/** Resolves a fence's language name (`ts`, `sh`, `js` …) to a registered one. */
export function resolveLanguage(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const name = lang.trim().split(/\s/)[0].toLowerCase();
  const language = hljs.getLanguage(name);
  if (!language) return undefined;
  // Aliases (`ts`, `sh`) resolve to the language's own name, e.g. for a `language-` class.
  return Object.keys(LANGUAGES).find((key) => hljs.getLanguage(key) === language) ?? name;
}
