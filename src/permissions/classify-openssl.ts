import type { Handler } from './classify-files';
import { notUnderstood, readOnly, risky, workspace, worst, type Verdict } from './risk';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Subcommands that only print: digests, certificate and key inspection, random bytes. */
const READS = words(`version rand dgst sha1 sha256 sha384 sha512 md5 x509 verify crl asn1parse
  ciphers list errstr prime speed info`);
/** Subcommands that turn files into other files (keys, requests, encodings). */
const WORK = words('genrsa genpkey rsa ec pkey pkcs12 pkcs8 ecparam req enc base64 dhparam ca');

/** Options that load code (an engine, a provider) or a configuration that may. */
const LOADS = /^-(engine|provider|provider-path|config)$/;

/**
 * openssl: printing digests, certificates and random bytes reads; making keys and
 * encodings is workspace work judged by where `-out` writes; a TLS client reading a file
 * or a pipe sends it out; engines, providers and other subcommands are not understood.
 */
export const openssl: Handler = (part, j) => {
  const args = part.argv;
  const sub = args[1]?.value;
  if (sub === undefined)
    return notUnderstood('runs openssl with a subcommand only known at run time');
  const verdicts: Verdict[] = [];
  for (let i = 2; i < args.length; i++) {
    const a = args[i].value ?? '';
    if (LOADS.test(a)) verdicts.push(notUnderstood(`\`openssl ${a}\` loads code into openssl`));
    const value = args[i + 1];
    if ((a === '-out' || a === '-keyout') && value) verdicts.push(j.write(value, 'writes'));
    if ((a === '-in' || a === '-inkey' || a === '-key') && value) {
      const secret = j.read(value);
      if (secret) verdicts.push(secret);
    }
  }
  if (sub === 's_client' || sub === 's_server') {
    if (part.stdin === 'file' || part.stdin === 'pipe') {
      return risky(`sends local data over the network (openssl ${sub})`);
    }
    return worst(verdicts, notUnderstood(`opens a TLS connection (openssl ${sub})`));
  }
  if (READS.has(sub)) return worst(verdicts, readOnly(`reads (openssl ${sub})`));
  if (WORK.has(sub)) return worst(verdicts, workspace(`runs openssl ${sub}`));
  return worst(verdicts, notUnderstood(`\`openssl ${sub}\` is a subcommand tick does not know`));
};
