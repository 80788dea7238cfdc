// A deterministic answer of about 55 KB whose lines start the way tool calls written as
// text start (JSON objects, tags, brackets, `name(` at a line start) but are prose and
// data: tick's text-call filter holds each such line back until it proves to be text.
// The stream benchmark's Markdown tells the cost of ordinary answers; this one the worst.

export const CALL_LIKE_END = 'That is the end of the listing.';

const LINES = [
  (i) => `{"name": "package-${i}", "version": "1.${i}.0", "private": true}`,
  (i) => `[{"id": ${i}, "label": "row ${i}"}, {"id": ${i + 1}, "label": "row ${i + 1}"}]`,
  (i) => `<section id="s${i}">A paragraph of markup that is not a call, number ${i}.</section>`,
  (i) => `print_report(${i}, "positional arguments make this ordinary code")`,
  (i) => `[link ${i}](https://example.com/${i}) and more text after the link`,
  (i) => `<tool_output>${i} files changed</tool_output> was printed by the build`,
];

export function callLikeAnswer(targetChars = 54_800) {
  const lines = ['Here is the listing you asked for:', ''];
  let length = 0;
  for (let i = 0; length < targetChars; i += 1) {
    const line = LINES[i % LINES.length](i);
    lines.push(line);
    length += line.length + 1;
  }
  lines.push('', CALL_LIKE_END, '');
  return lines.join('\n');
}
