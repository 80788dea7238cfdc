import { splitArgs } from './cli-args';
import type { Handler } from './classify-files';
import { toolArgsVerdict } from './classify-tool-args';
import { notUnderstood, workspace } from './risk';
import { installs, scriptTarget, toolHandler, type ToolSpec } from './tool-spec';

/**
 * Package managers and build CLIs of Python, Ruby, Rust, Go, .NET and PHP, by subcommand.
 * Building, testing, formatting and locking are workspace work; installing asks (foreign
 * code, writes outside the roots); publishing is risky; anything else is not understood.
 */

const publishes = (tool: string) => ({ publish: `publishes a package (${tool} publish)` });

const pip: ToolSpec = {
  tool: 'pip',
  valueOpts: ['--python', '--cache-dir', '--log', '--proxy'],
  reads: 'list show freeze check help search index inspect debug hash',
  installs: 'install download wheel uninstall',
  nested: {
    config: {
      tool: 'pip config',
      reads: 'list get debug',
      risky: {
        set: 'changes your pip config',
        unset: 'changes your pip config',
        edit: 'changes your pip config',
      },
    },
    cache: { tool: 'pip cache', reads: 'dir info list' },
  },
};

const uv: ToolSpec = {
  tool: 'uv',
  valueOpts: ['--directory', '--project', '--cache-dir', '--config-file', '-p', '--python'],
  reads: 'tree version help',
  work: 'lock venv init build export format',
  installs: 'sync add remove',
  risky: publishes('uv'),
  nested: {
    pip: {
      tool: 'uv pip',
      reads: 'list show freeze check tree',
      work: 'compile',
      installs: 'install uninstall sync',
    },
    tool: {
      tool: 'uv tool',
      reads: 'list dir',
      installs: 'install uninstall upgrade run update-shell',
    },
    python: {
      tool: 'uv python',
      reads: 'list find dir',
      work: 'pin',
      installs: 'install uninstall',
    },
    cache: { tool: 'uv cache', reads: 'dir' },
    self: { tool: 'uv self', reads: 'version', installs: 'update' },
  },
};

const poetry: ToolSpec = {
  tool: 'poetry',
  valueOpts: ['-C', '--directory', '-P', '--project'],
  reads: 'show check version about list search',
  work: 'build lock new init export',
  installs: 'install add remove update sync',
  risky: publishes('poetry'),
  nested: {
    env: { tool: 'poetry env', reads: 'info list', work: 'use activate', installs: 'remove' },
    config: {
      tool: 'poetry config',
      reads: '--list',
      other: () => notUnderstood('changes poetry config'),
    },
    self: { tool: 'poetry self', reads: 'show', installs: 'add remove update install lock' },
  },
};

const pipenv: ToolSpec = {
  tool: 'pipenv',
  reads: 'graph check requirements verify scripts --venv --where --py',
  work: 'lock clean',
  installs: 'install uninstall sync update upgrade',
};

const pdm: ToolSpec = {
  tool: 'pdm',
  reads: 'list show info config search',
  work: 'build lock init export fix',
  installs: 'install add remove sync update',
  risky: publishes('pdm'),
  // `pdm test`: a script of the project's pyproject.toml.
  other: (sub, rest, part, j) => scriptTarget(sub, part, j, rest),
};

const hatch: ToolSpec = {
  tool: 'hatch',
  reads: 'status version project dep',
  work: 'build test fmt clean new',
  risky: publishes('hatch'),
  nested: { env: { tool: 'hatch env', reads: 'show find', installs: 'create prune remove' } },
};

const conda: ToolSpec = {
  tool: 'conda',
  reads: 'list info search --version',
  installs: 'install create update upgrade remove uninstall',
  nested: { env: { tool: 'conda env', reads: 'list export', installs: 'create update remove' } },
};

const gem: ToolSpec = {
  tool: 'gem',
  reads:
    'list search query specification spec contents env help info which outdated dependency environment',
  work: 'build',
  installs: 'install update uninstall cleanup',
  risky: {
    push: 'publishes a gem (gem push)',
    yank: 'changes published gems (gem yank)',
    owner: 'changes gem owners',
    signin: 'stores a registry token',
  },
};

const bundle: ToolSpec = {
  tool: 'bundle',
  reads: 'list show info outdated check platform doctor version help licenses',
  work: 'lock binstubs cache package init gem',
  installs: 'install update add remove',
  nested: {
    config: {
      tool: 'bundle config',
      reads: 'get list',
      other: () => notUnderstood('changes bundler config'),
    },
  },
};

const cargo: ToolSpec = {
  tool: 'cargo',
  valueOpts: ['-C', '--config', '-Z', '--color'],
  reads:
    'tree metadata search version help locate-project pkgid verify-project read-manifest info report',
  work: `build b check c test t bench run r doc d fmt clippy fix clean update fetch
    generate-lockfile vendor new init add remove rm package nextest llvm-cov tarpaulin expand
    audit deny outdated machete udeps insta sort hack miri make bloat semver-checks about
    msrv mutants criterion`,
  installs: 'install uninstall binstall',
  risky: {
    publish: 'publishes a crate (cargo publish)',
    yank: 'changes published crates (cargo yank)',
    owner: 'changes crate owners',
    login: 'stores a registry token',
    logout: 'removes a registry token',
  },
};

const rustup: ToolSpec = {
  tool: 'rustup',
  reads: 'show which --version help doc',
  work: 'override',
  installs: 'install update default uninstall self',
  nested: {
    toolchain: {
      tool: 'rustup toolchain',
      reads: 'list',
      installs: 'install uninstall add remove',
    },
    target: { tool: 'rustup target', reads: 'list', installs: 'add install remove uninstall' },
    component: { tool: 'rustup component', reads: 'list', installs: 'add remove' },
  },
};

/** `go run pkg@version` fetches code from the network; `go run ./cmd/x` runs the workspace's. */
const goRun: Handler = (part, j) => {
  const { operands } = splitArgs(part.argv, [
    '-o',
    '-C',
    '-exec',
    '-mod',
    '-tags',
    '-ldflags',
    '-gcflags',
    '-p',
  ]);
  const target = operands[0]?.value ?? '';
  if (/@/.test(target) && !target.startsWith('.')) return installs(`go run ${target}`);
  return toolArgsVerdict(part, j) ?? workspace(`runs go run ${target}`.trim());
};

const go: ToolSpec = {
  tool: 'go',
  valueOpts: ['-C'],
  reads: 'version list doc help',
  work: 'build test vet fmt generate clean fix work tool',
  installs: 'install get',
  nested: {
    run: goRun,
    env: (part, j) =>
      part.argv.some((a) => /^-(w|u)$/.test(a.value ?? ''))
        ? notUnderstood('changes your go environment (go env -w)')
        : (toolArgsVerdict(part, j) ?? workspace('reads the go environment')),
    mod: { tool: 'go mod', reads: 'graph why verify', work: 'tidy download vendor init edit' },
  },
};

const dotnet: ToolSpec = {
  tool: 'dotnet',
  reads: '--info --version --list-sdks --list-runtimes help list',
  work: 'build test run restore clean format pack publish new watch msbuild vstest sln remove build-server',
  nested: {
    tool: {
      tool: 'dotnet tool',
      reads: 'list search',
      work: 'restore run',
      installs: 'install update uninstall',
    },
    workload: {
      tool: 'dotnet workload',
      reads: 'list search info',
      installs: 'install update uninstall restore repair',
    },
    add: { tool: 'dotnet add', work: 'reference', installs: 'package' },
    nuget: {
      tool: 'dotnet nuget',
      reads: 'verify why',
      risky: {
        push: 'changes a package feed (dotnet nuget push)',
        delete: 'changes a package feed (dotnet nuget delete)',
      },
    },
    ef: {
      tool: 'dotnet ef',
      reads: 'dbcontext',
      work: 'migrations',
      risky: { database: 'changes a database (dotnet ef database)' },
    },
  },
};

const composer: ToolSpec = {
  tool: 'composer',
  valueOpts: ['-d', '--working-dir'],
  reads:
    'show info outdated licenses validate check-platform-reqs depends why why-not prohibits search diagnose about status audit fund',
  work: 'dump-autoload dumpautoload run-script run test lint',
  installs: 'install update require remove upgrade create-project global',
};

export const PACKAGE_HANDLERS: Record<string, Handler> = {
  pip: toolHandler(pip),
  pip3: toolHandler(pip),
  uv: toolHandler(uv),
  poetry: toolHandler(poetry),
  pipenv: toolHandler(pipenv),
  pdm: toolHandler(pdm),
  hatch: toolHandler(hatch),
  conda: toolHandler(conda),
  mamba: toolHandler(conda),
  micromamba: toolHandler(conda),
  pipx: toolHandler({
    tool: 'pipx',
    reads: 'list environment',
    installs:
      'install inject upgrade upgrade-all reinstall reinstall-all uninstall uninstall-all run ensurepath',
  }),
  gem: toolHandler(gem),
  bundle: toolHandler(bundle),
  bundler: toolHandler(bundle),
  cargo: toolHandler(cargo),
  rustup: toolHandler(rustup),
  go: toolHandler(go),
  dotnet: toolHandler(dotnet),
  composer: toolHandler(composer),
  luarocks: toolHandler({
    tool: 'luarocks',
    reads: 'list search show doc path config',
    work: 'make build pack lint',
    installs: 'install remove purge',
    risky: { upload: 'publishes a rock (luarocks upload)' },
  }),
};
