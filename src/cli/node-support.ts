/** The oldest Node.js major tick supports (package.json `engines`). */
export const OLDEST_SUPPORTED_NODE = 22;

/**
 * The one line tick prints on a Node.js older than it supports, or undefined. tick carries
 * on: the build still runs there, but its dependencies are tested only on 22 and newer.
 */
export function unsupportedNodeNotice(version: string): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (!Number.isFinite(major) || major >= OLDEST_SUPPORTED_NODE) return undefined;
  return `Node.js ${version.replace(/^v?/, 'v')} is not supported (tick needs Node.js ${OLDEST_SUPPORTED_NODE} or newer); carrying on.`;
}
