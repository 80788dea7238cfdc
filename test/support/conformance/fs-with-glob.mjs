// node:fs plus globSync (Node 22), for the conformance CLI on Node 20 (see register.mjs).
export * from 'node:fs';
export { default } from 'node:fs';
import fg from 'fast-glob';

export function globSync(pattern, options = {}) {
  return fg.sync(pattern, { cwd: options.cwd ?? process.cwd(), dot: true });
}
