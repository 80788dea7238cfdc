// Module hooks: the conformance package's `fs` is node:fs with globSync (fs-with-glob.mjs).
const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const fromConformance = context.parentURL?.includes('/@modelcontextprotocol/conformance/');
  if (fromConformance && (specifier === 'fs' || specifier === 'node:fs')) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
