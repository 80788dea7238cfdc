import type { CodeCall } from './code-calls';
import type { LexedCode } from './code-lexer';

/**
 * Whether tick understands a piece of inline interpreter code as only computing, reading
 * and printing: every call it makes is one of a known vocabulary (builtins, text, JSON,
 * paths, reading files, printing) and every module it imports is one of a known set. The
 * effects tick already reads (deletes, writes, spawns) are judged apart; anything else
 * (sockets, HTTP, ctypes, dynamic imports, `getattr`, `eval`) is not understood.
 */

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Calls that only compute, read or print, whatever they are called on. */
const SAFE_CALLS = words(`
  print open len str int float bool list dict set frozenset tuple sorted reversed enumerate zip
  range min max sum abs round map filter any all isinstance issubclass repr format ord chr hex
  oct bin divmod pow hash id type input iter next slice
  join split rsplit splitlines strip lstrip rstrip replace upper lower title capitalize
  startswith endswith items keys values get setdefault append extend insert pop popitem
  count index find rfind partition rpartition center ljust rjust zfill encode decode
  read readline readlines loads load dumps dump write writelines flush close exit
  getcwd getenv exists isfile isdir islink join basename dirname abspath realpath
  relpath normpath splitext expanduser listdir scandir walk glob iglob rglob iterdir
  read_text read_bytes is_file is_dir resolve with_suffix stat
  match search sub subn findall finditer fullmatch escape compile
  now today utcnow fromtimestamp fromisoformat strftime strptime isoformat timestamp time
  sleep perf_counter monotonic Counter defaultdict OrderedDict deque namedtuple
  most_common update copy deepcopy chain product permutations combinations groupby
  reduce partial lru_cache dedent indent wrap fill shorten
  sqrt floor ceil log log2 log10 exp sin cos tan isnan isinf
  mean median stdev
  md5 sha1 sha256 sha512 hexdigest digest b64encode b64decode urlsafe_b64encode
  urlsafe_b64decode platform python_version machine node release version system_alias
  reader writer DictReader DictWriter writerow writerows safe_load safe_dump pformat pprint
  quote shlex_split fnmatch uuid4 uuid1 randint random choice shuffle sample seed
  log error warn info debug table dir parse stringify entries fromEntries assign freeze
  isArray from of toString toFixed toUpperCase toLowerCase padStart padEnd slice substring
  substr trim trimStart trimEnd concat includes indexOf lastIndexOf forEach reduceRight
  flat flatMap some every sort reverse fill test then catch finally
  readFileSync existsSync readdirSync statSync lstatSync realpathSync cwd
  parseInt parseFloat isNaN isFinite Number String Boolean Date Array Object Map Set JSON
  Promise resolve reject require
  puts p printf sprintf say chomp chop lc uc lcfirst ucfirst length scalar defined
  exists keys values each sprintf substr printf json_encode json_decode var_dump print_r
  echo implode explode str_replace strlen strtolower strtoupper trim array_map
  array_filter array_keys array_values count in_array file_get_contents
`);

/** Names that reach outside the program, run code, or find names at run time. */
const NEVER = words(`
  system popen spawn fork kill exec execv execve execl execlp eval compile_file
  __import__ import_module getattr setattr delattr globals locals vars
  connect bind listen accept send sendall sendto recv recvfrom urlopen urlretrieve request
  fetch socket create_connection dlopen LoadLibrary CDLL cdll WinDLL ctypes
  remove unlink rmdir rmtree rename replace_file chmod chown symlink link mkdir makedirs
  setuid setgid chroot putenv
`);

/** Modules code may import or require and still be understood. */
const SAFE_MODULES = words(`
  json sys os os.path re math datetime time collections itertools functools textwrap string
  pathlib csv yaml tomllib toml hashlib base64 platform struct statistics decimal fractions
  random uuid pprint shlex glob fnmatch difflib ast typing dataclasses enum operator locale
  unicodedata copy heapq bisect array numbers zlib gzip
  fs path util assert crypto url querystring events string_decoder node:fs node:path
  node:util node:os node:crypto node:url node:assert
`);

/** What a language's code imports: `import a, b`, `from a import b`, `require('a')`. */
function imports(code: LexedCode, calls: readonly CodeCall[]): string[] {
  const out: string[] = [];
  if (code.language === 'python') {
    for (const m of code.masked.matchAll(
      /^\s*(?:import\s+([\w., ]+)|from\s+([\w.]+)\s+import\b)/gm,
    )) {
      const names = m[1] ? m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0]) : [m[2]];
      out.push(...names);
    }
  }
  if (code.language === 'javascript') {
    if (/\bimport\s*\(|\bimport\s+[\w{*]/.test(code.masked)) out.push('(import)');
    for (const c of calls) {
      if (c.name !== 'require') continue;
      const arg = c.args[0];
      out.push(arg?.kind === 'lit' && arg.lit.value !== undefined ? arg.lit.value : '(dynamic)');
    }
  }
  if (code.language === 'ruby' || code.language === 'perl' || code.language === 'php') {
    if (/\b(require|use|include|require_once|include_once|load|do)\b/.test(code.masked)) {
      out.push('(module)');
    }
  }
  return out;
}

/**
 * The first thing in the code tick does not understand, or undefined when it understands
 * all of it. `calls`: every call (for imports); `others`: those whose effect on files was
 * not already read.
 */
export function notUnderstoodIn(
  code: LexedCode,
  calls: readonly CodeCall[],
  others: readonly CodeCall[],
): string | undefined {
  if (code.literals.some((l) => l.command)) return 'a command in backticks';
  // A network address (`file_get_contents('https://…')`) or Ruby's `open("|cmd")`.
  const literal = code.literals.find(
    (l) => l.value !== undefined && /^\s*(\||[a-z][\w+.-]*:\/\/)/i.test(l.value),
  );
  if (literal) return `the address or pipe ${literal.value?.trim().slice(0, 30)}`;
  // `require('./package.json')`: data of the workspace, not code.
  const module = imports(code, calls).find(
    (m) => !SAFE_MODULES.has(m) && !/^\.{1,2}\/[\w./-]*\.json$/.test(m),
  );
  if (module) return `the module ${module}`;
  for (const call of others) {
    const root = call.object.split('.')[0];
    if (NEVER.has(call.name) || NEVER.has(root))
      return `${call.object ? `${call.object}.` : ''}${call.name}`;
    if (!SAFE_CALLS.has(call.name)) return `${call.object ? `${call.object}.` : ''}${call.name}`;
  }
  // Attribute access to run code without a call the finder sees: `os.system`, `__builtins__`.
  if (
    /__\w+__|\bsubprocess\b|\bsocket\b|\bctypes\b|\bchild_process\b|\bprocess\.binding\b/.test(
      code.masked,
    )
  ) {
    return 'a reach into the interpreter';
  }
  return undefined;
}
