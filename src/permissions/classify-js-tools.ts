import { hasFlag, splitArgs } from './cli-args';
import type { Handler } from './classify-files';
import { toolArgsVerdict } from './classify-tool-args';
import { readOnly, risky, workspace, type Verdict } from './risk';
import { installs, judgeTool, scriptTarget, toolHandler, type ToolSpec } from './tool-spec';

/** Registry changes every Node package manager shares. */
const REGISTRY: Record<string, string> = Object.fromEntries(
  [
    'publish',
    'unpublish',
    'deprecate',
    'dist-tag',
    'owner',
    'access',
    'team',
    'org',
    'token',
    'login',
    'logout',
    'adduser',
    'star',
    'unstar',
    'hook',
  ].map((s) => [s, `changes what is published on the package registry (${s})`]),
);

const NPM_READS = `ls list ll la view info show v outdated search help config whoami why explain
  prefix root bin audit doctor fund query sbom help-search`;
const NPM_WORK = `test t tst start stop restart run run-script pack version init create rebuild
  prune dedupe ddp find-dupes shrinkwrap diff repo docs bugs`;
const NPM_INSTALLS = `install i in ins inst insta instal isnt isnta isntal isntall add ci
  clean-install ic install-clean isntall-clean update up upgrade udpate uninstall remove rm r un
  unlink link ln install-test it install-ci-test cit exec x`;

/** npm, pnpm, yarn, bun: the global ones (`-g`) install outside the workspace too. */
function nodeSpec(tool: string, extra: Partial<ToolSpec> = {}): ToolSpec {
  return {
    tool,
    valueOpts: ['--prefix', '-C', '--dir', '--cwd', '-w', '--workspace', '--filter', '-F'],
    reads: NPM_READS,
    work: NPM_WORK,
    installs: NPM_INSTALLS,
    risky: REGISTRY,
    ...extra,
    nested: {
      run: (part, j) => runScript(tool, part.argv, part, j),
      'run-script': (part, j) => runScript(tool, part.argv, part, j),
      config: {
        tool: `${tool} config`,
        reads: 'get list ls',
        // Writes the user's ~/.npmrc (outside the workspace).
        risky: { set: 'changes your npm config', delete: 'changes your npm config' },
      },
      audit: (part, j) =>
        part.argv[1]?.value === 'fix'
          ? installs(`${tool} audit fix`)
          : (toolArgsVerdict(part, j) ?? readOnly(`reads (${tool} audit)`)),
      ...extra.nested,
    },
  };
}

function runScript(
  tool: string,
  argv: Parameters<Handler>[0]['argv'],
  ...[part, j]: Parameters<Handler>
): Verdict {
  const { operands } = splitArgs(argv);
  const name = operands[0]?.value;
  if (name === undefined) return readOnly(`lists ${tool}'s scripts`);
  return scriptTarget(name, part, j, argv.slice(argv.indexOf(operands[0])));
}

const npm = nodeSpec('npm');

/** yarn and pnpm run a package script by its bare name (`yarn build`); `yarn` alone installs. */
const yarn = nodeSpec('yarn', {
  bare: installs('yarn'),
  installs: `${NPM_INSTALLS} dlx global`,
  work: `${NPM_WORK} workspace workspaces constraints tsc eslint prettier jest vitest`,
  nested: {
    npm: { tool: 'yarn npm', reads: 'info whoami audit', risky: REGISTRY },
    // `yarn workspace NAME build`, `yarn workspaces foreach -A run build`: the command after.
    workspace: (part, j) => judgeYarnCommand(part.argv.slice(2), part, j),
    workspaces: (part, j) => {
      const { operands } = splitArgs(part.argv, [
        '--from',
        '--include',
        '--exclude',
        '-j',
        '--jobs',
      ]);
      if (operands[0]?.value !== 'foreach') return readOnly('lists the workspaces');
      return judgeYarnCommand(
        part.argv.slice(part.argv.indexOf(operands[1] ?? operands[0])),
        part,
        j,
      );
    },
  },
  other: (sub, rest, part, j) => scriptTarget(sub, part, j, rest),
});

function judgeYarnCommand(
  args: Parameters<Handler>[0]['argv'],
  ...[part, j]: Parameters<Handler>
): Verdict {
  return judgeTool(yarn, [{ value: 'yarn', glob: false, raw: 'yarn' }, ...args], part, j);
}

const pnpm = nodeSpec('pnpm', {
  installs: `${NPM_INSTALLS} dlx`,
  work: `${NPM_WORK} recursive m multi`,
  other: (sub, rest, part, j) => scriptTarget(sub, part, j, rest),
});

/** bun: `bun run X` and `bun X` run a script or a file of the workspace. */
const bun = nodeSpec('bun', {
  work: `${NPM_WORK} build test`,
  installs: `${NPM_INSTALLS.replace(/\bexec\b/, '')} a x upgrade create`,
  nested: {
    pm: {
      tool: 'bun pm',
      reads:
        'ls bin hash hash-string hash-print whoami view version migrate untrusted default-trusted',
      work: 'pack',
      installs: 'trust',
      nested: { cache: { tool: 'bun pm cache', reads: '' } },
    },
  },
  other: (sub, rest, part, j) => scriptTarget(sub, part, j, rest),
});

/** deno: running a file of the workspace is work; a URL is remote code. */
const deno: ToolSpec = {
  tool: 'deno',
  reads: 'info doc types --version help',
  work: `test bench fmt lint check task compile bundle cache vendor init coverage jupyter serve
    doc outdated`,
  installs: 'install uninstall upgrade add remove i',
  risky: { publish: 'publishes a package (deno publish)' },
  nested: {
    run: (part, j) => {
      const { operands } = splitArgs(part.argv, [
        '--config',
        '-c',
        '--import-map',
        '--env-file',
        '--location',
        '--cert',
        '--lock',
      ]);
      const script = operands[0]?.value ?? '';
      if (/^(https?|npm|jsr):/.test(script)) return installs(`deno run ${script}`);
      return toolArgsVerdict(part, j) ?? workspace(`runs ${script || 'a deno script'}`);
    },
  },
};

/** Development tools of the Node world, by subcommand. */
export const JS_TOOL_HANDLERS: Record<string, Handler> = {
  npm: nodeHandler(npm),
  pnpm: nodeHandler(pnpm),
  yarn: nodeHandler(yarn),
  bun: nodeHandler(bun),
  deno: toolHandler(deno),
  corepack: toolHandler({
    tool: 'corepack',
    reads: '--version',
    work: 'use',
    installs: 'enable disable install prepare up pack',
  }),
  'node-gyp': toolHandler({
    tool: 'node-gyp',
    work: 'configure build rebuild clean',
    installs: 'install remove',
  }),
};

function nodeHandler(spec: ToolSpec): Handler {
  const judge = toolHandler(spec);
  return (part, j) => globalInstall(part.argv) ?? judge(part, j);
}

/** `npm -g install x`, `npm install --global x`: says so in the reason. */
function globalInstall(argv: Parameters<Handler>[0]['argv']): Verdict | undefined {
  const { opts, operands } = splitArgs(argv);
  const global = hasFlag(opts, 'g', '--global') || opts.includes('--location=global');
  const sub = operands[0]?.value ?? '';
  return global && /^(i|install|add|update|up|link|uninstall|remove|rm|un)$/.test(sub)
    ? risky('installs packages globally (outside the workspace)')
    : undefined;
}
