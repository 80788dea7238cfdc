import { hasFlag, splitArgs } from './cli-args';
import type { Handler } from './classify-files';
import { LOOKUP_HANDLERS } from './classify-lookups';
import type { PathJudge } from './path-judge';
import { notUnderstood, risky, workspace, worst, type Verdict } from './risk';
import type { Arg, CommandPart } from './shell/command-part';

const dot = (): Arg => ({ value: '.', glob: false, raw: '.' });

/** Variable names that hold secrets: sending one over the network is exfiltration. */
const SECRET_NAME = /(TOKEN|SECRET|PASSW(OR)?D|API_?KEY|PRIVATE|CREDENTIAL|SESSION|COOKIE)/i;

/**
 * What a value sent over the network carries: a local file (`@file`), command output
 * (`$(cat x)`), a secret variable, or nothing local.
 */
function payloadVerdict(arg: Arg, option: string, part: CommandPart): Verdict | undefined {
  const v = arg.value;
  if (v !== undefined) {
    if (/(^|=)[@<]/.test(v) && !/(^|=)@-$/.test(v))
      return risky(`sends a local file (${option} ${v})`);
    if (/(^|=)@-$/.test(v)) return localInput(part, option);
    return undefined;
  }
  if (arg.unknown === '$(...)' || part.subPrograms.length > 0) {
    return risky(`sends local data over the network (command output in ${option})`);
  }
  if (arg.unknown && SECRET_NAME.test(arg.unknown)) {
    return risky(`sends a secret over the network (${arg.unknown} in ${option})`);
  }
  return undefined;
}

/** The command's standard input goes out: risky unless it is text written in the command. */
function localInput(part: CommandPart, what: string): Verdict | undefined {
  if (part.stdin === 'file') return risky(`sends a local file (${what} from a redirection)`);
  if (part.stdin !== 'pipe') return undefined;
  const sources = part.upstream.filter((p) => !/^(echo|printf|jq|yes|seq|true)$/.test(p.name));
  if (sources.length === 0) return undefined;
  return risky(`sends local data over the network (${sources[0].name} | ${part.name})`);
}

const CURL_DATA = new Set([
  '-d',
  '--data',
  '--data-binary',
  '--data-raw',
  '--data-ascii',
  '--data-urlencode',
  '-F',
  '--form',
  '--form-string',
  '--json',
]);
/**
 * curl's options that write files, read its own configuration, load code or reach a local
 * socket, from its manual; every other option only shapes the request or the output.
 */
const CURL_CAPABLE: Record<string, 'write' | 'other'> = {
  '-D': 'write',
  '--dump-header': 'write',
  '-c': 'write',
  '--cookie-jar': 'write',
  '--trace': 'write',
  '--trace-ascii': 'write',
  '--stderr': 'write',
  '--libcurl': 'write',
  '--output-dir': 'write',
  '--etag-save': 'write',
  '--hsts': 'write',
  '--alt-svc': 'write',
  '-K': 'other',
  '--config': 'other',
  '--engine': 'other',
  '--unix-socket': 'other',
  '--abstract-unix-socket': 'other',
  '-n': 'other',
  '--netrc': 'other',
  '--netrc-file': 'other',
  '--netrc-optional': 'other',
};

const CURL_VALUE_OPTS = [
  ...CURL_DATA,
  ...Object.keys(CURL_CAPABLE).filter((o) => o !== '-n' && !o.startsWith('--netrc')),
  '-o',
  '--output',
  '-T',
  '--upload-file',
  '-K',
  '--config',
  '-H',
  '--header',
  '-X',
  '--request',
  '-u',
  '--user',
  '-e',
  '--referer',
  '-A',
  '--user-agent',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-w',
  '--write-out',
  '--url',
];

/** Every value given to one of `options` (curl takes `-d` several times). */
function optionValues(argv: readonly Arg[], options: ReadonlySet<string>): [string, Arg][] {
  const out: [string, Arg][] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    // `--data="$(x)"` has no known value as a whole word; its option is still in the text.
    const a = arg.value ?? arg.raw.replace(/["']/g, '');
    const eq = a.indexOf('=');
    const value = (text: string) => (arg.value === undefined ? arg : { ...arg, value: text });
    if (options.has(a) && argv[i + 1]) out.push([a, argv[++i]]);
    else if (a.startsWith('--') && eq > 0 && options.has(a.slice(0, eq))) {
      out.push([a.slice(0, eq), value(a.slice(eq + 1))]);
    } else if (/^-[dF]./.test(a)) out.push([a.slice(0, 2), value(a.slice(2))]);
  }
  return out;
}

/** URL schemes a plain web request uses; others (gopher, file, dict, telnet...) are not. */
const WEB_URL = /^((https?|ftps?):\/\/|[\w.-]+(:\d+)?(\/|$)|\[[\d:a-f]+\])/i;

/** curl's file-writing and code-loading options, and URLs that are not web requests. */
function curlCapabilities(part: CommandPart, j: PathJudge, operands: Arg[]): Verdict[] {
  const out: Verdict[] = [];
  const args = part.argv;
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value;
    if (a === undefined || !a.startsWith('-')) continue;
    const name = a.startsWith('--') ? a.split('=')[0] : a.slice(0, 2);
    const kind = Object.hasOwn(CURL_CAPABLE, name) ? CURL_CAPABLE[name] : undefined;
    if (kind === 'other')
      out.push(notUnderstood(`\`curl ${name}\` reads a configuration, a socket or a library`));
    if (kind !== 'write') continue;
    const attached = a.startsWith('--') ? a.split('=').slice(1).join('=') : a.slice(2);
    const value = attached ? { ...args[i], value: attached } : args[i + 1];
    if (value) out.push(j.write(value, 'writes'));
  }
  if (args.some((a) => /%output\{/.test(a.value ?? '')))
    out.push(notUnderstood('curl -w writes to a file (%output)'));
  for (const url of operands) {
    const v = url.value;
    if (v !== undefined && !WEB_URL.test(v)) {
      out.push(
        notUnderstood(
          `\`${v.slice(0, 40)}\` is not a web address tick knows curl to handle safely`,
        ),
      );
    }
  }
  return out;
}

export function curl(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values, operands } = splitArgs(part.argv, CURL_VALUE_OPTS);
  const verdicts: Verdict[] = curlCapabilities(part, j, operands);
  // `cat notes | xargs -I{} curl https://x/{}`: what goes out is only known at run time.
  if (part.extraArgs) verdicts.push(risky('sends data it is given at run time over the network'));
  const out = values.get('-o') ?? values.get('--output');
  if (out) verdicts.push(j.write(out, 'downloads to'));
  if (hasFlag(opts, 'O', '--remote-name', '--remote-name-all')) {
    verdicts.push(j.write(dot(), 'downloads into'));
  }
  const upload = values.get('-T') ?? values.get('--upload-file');
  if (upload) {
    verdicts.push(
      upload.value === '-'
        ? (localInput(part, '-T -') ?? workspace('uploads its input'))
        : risky('uploads a local file'),
    );
  }
  const method = (values.get('-X') ?? values.get('--request'))?.value?.toUpperCase();
  const attached = opts.find((o) => /^-X[A-Z]+$/.test(o))?.slice(2);
  const verb = method ?? attached;
  if (verb === 'DELETE') verdicts.push(risky('deletes remote data (HTTP DELETE)'));
  const data = optionValues(part.argv, CURL_DATA);
  for (const [option, arg] of data) {
    const v = payloadVerdict(arg, option, part);
    if (v) verdicts.push(v);
  }
  const sends = data.length > 0 || (verb !== undefined && verb !== 'GET' && verb !== 'HEAD');
  if (sends) {
    const v = localInput(part, `curl -X ${verb ?? 'POST'}`);
    // Even literal data changes something on a server tick knows nothing of.
    verdicts.push(v ?? notUnderstood(`sends data to a server (curl -X ${verb ?? 'POST'})`));
  }
  for (const url of [...operands, ...(values.has('--url') ? [values.get('--url')!] : [])]) {
    const filled = part.via.some((v) => /xargs|parallel|find -exec|fd --exec/.test(v));
    if (
      url.value === undefined &&
      (url.unknown === '$(...)' || part.subPrograms.length > 0 || filled)
    ) {
      verdicts.push(risky('sends local data over the network (command output in the URL)'));
    }
  }
  return worst(verdicts, workspace('makes a network request'));
}

/** wget's options that write logs or cookies, read its configuration or run a program. */
const WGET_WRITES = [
  '-o',
  '--output-file',
  '-a',
  '--append-output',
  '--save-cookies',
  '--warc-file',
];
const WGET_OTHER = /^(-e|--execute|--config|--use-askpass|-i|--input-file|--load-cookies)(=|$)/;

export function wget(part: CommandPart, j: PathJudge): Verdict {
  const own = splitArgs(part.argv, WGET_WRITES);
  const capable: Verdict[] = WGET_WRITES.flatMap((o) => {
    const v = own.values.get(o);
    return v ? [j.write(v, 'writes')] : [];
  });
  // `-e`/`-i` also attached or at the end of a cluster (`-qerobots=off`, `-qi list`).
  const short = splitArgs(part.argv, ['-e', '-i']).values;
  const other =
    own.opts.find((o) => WGET_OTHER.test(o)) ??
    (short.has('-e') ? '-e' : short.has('-i') ? '-i' : undefined);
  if (other)
    capable.push(
      notUnderstood(
        `\`wget ${other.split('=')[0]}\` reads commands, addresses or a program to run`,
      ),
    );
  for (const url of own.operands) {
    if (url.value !== undefined && !WEB_URL.test(url.value)) {
      capable.push(notUnderstood(`\`${url.value.slice(0, 40)}\` is not a web address`));
    }
  }
  const verdict = wgetTransfer(part, j);
  return worst([...capable, verdict], verdict);
}

function wgetTransfer(part: CommandPart, j: PathJudge): Verdict {
  const { values, opts } = splitArgs(part.argv, [
    ...WGET_WRITES,
    '-O',
    '--output-document',
    '-P',
    '--directory-prefix',
    '--post-file',
    '--body-file',
    '--post-data',
    '--body-data',
    '--method',
  ]);
  const verdicts: Verdict[] = [];
  if (values.has('--post-file') || values.has('--body-file'))
    verdicts.push(risky('uploads a local file'));
  for (const [key, arg] of optionValues(part.argv, new Set(['--post-data', '--body-data']))) {
    const v = payloadVerdict(arg, key, part);
    if (v) verdicts.push(v);
  }
  if (values.get('--method')?.value?.toUpperCase() === 'DELETE') {
    verdicts.push(risky('deletes remote data (HTTP DELETE)'));
  }
  const out = values.get('-O') ?? values.get('--output-document');
  const dir = values.get('-P') ?? values.get('--directory-prefix');
  if (out?.value === '-' || hasFlag(opts, '', '--spider')) {
    return worst(verdicts, workspace('downloads to the output'));
  }
  verdicts.push(j.write(out ?? dir ?? dot(), 'downloads to'));
  return worst(verdicts, workspace('makes a network request'));
}

/** HTTPie and xh: `http DELETE url`, `http POST url field=@file`, `http POST url < file`. */
export function httpie(part: CommandPart): Verdict {
  const { operands } = splitArgs(part.argv, ['-a', '--auth', '-o', '--output', '--session']);
  const method =
    /^[A-Za-z]+$/.test(operands[0]?.value ?? '') && operands.length > 1
      ? operands[0].value!.toUpperCase()
      : undefined;
  const verdicts: Verdict[] = [];
  if (method === 'DELETE') verdicts.push(risky('deletes remote data (HTTP DELETE)'));
  for (const item of operands.slice(method ? 2 : 1)) {
    const v = item.value;
    if (v !== undefined && /^[^=:@]*(=@|:=@|@)/.test(v))
      verdicts.push(risky(`sends a local file (${v})`));
    else if (v === undefined) {
      const payload = payloadVerdict(item, 'a request item', part);
      if (payload) verdicts.push(payload);
    }
  }
  const input = localInput(part, part.name);
  if (input) verdicts.push(input);
  return worst(verdicts, workspace('makes a network request'));
}

export const NETWORK_HANDLERS: Record<string, Handler> = {
  ...LOOKUP_HANDLERS,
  curl,
  wget,
  http: httpie,
  https: httpie,
  xh: httpie,
  xhs: httpie,
};
