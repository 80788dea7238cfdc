import { Lines } from './Lines';
import type { Look } from './lines/look';
import { markdownLines } from './lines/markdown';

export interface MarkdownProps {
  text: string;
  width: number;
  look: Look;
}

/** Markdown laid out for the terminal: headings, lists, emphasis, coloured code. */
export function Markdown({ text, width, look }: MarkdownProps) {
  return <Lines lines={markdownLines(text, width, look)} look={look} width={width} />;
}
