import { hasFlag, splitArgs, subcommand } from './cli-args';
import { cliVerbVerdict } from './classify-cli-verbs';
import { classifyGit } from './classify-git';
import type { Handler } from './classify-files';
import type { Arg, CommandPart } from './shell/command-part';
import type { PathJudge } from './path-judge';
import { criticalPath } from './paths';
import { readOnly, risky, workspace, type Verdict } from './risk';
import { own } from './shell/own-key';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/**
 * Subcommand tables: read-only ones, risky ones (with why), the rest is workspace work
 * (or, with `otherwise`, what that says: a system package manager's unknown verbs are risky).
 */
export function bySubcommand(
  tool: string,
  reads: string,
  riskyOnes: Record<string, string>,
  valueOpts: string[] = [],
  otherwise?: (sub: string) => Verdict,
): Handler {
  const readSet = words(reads);
  return (part) => {
    const sub = subcommand(part.argv, valueOpts);
    if (sub === undefined) return workspace(`runs ${tool}`);
    const why = own(riskyOnes, sub);
    if (why) return risky(why);
    if (readSet.has(sub)) return readOnly(`reads (${tool} ${sub})`);
    return otherwise?.(sub) ?? workspace(`runs ${tool} ${sub}`);
  };
}

const NPM_PUBLISH: Record<string, string> = Object.fromEntries(
  ['publish', 'unpublish', 'deprecate', 'dist-tag', 'owner', 'access', 'team', 'org', 'token'].map(
    (s) => [s, `changes what is published on the package registry (${s})`],
  ),
);
const NPM_READS =
  'ls list ll la view info show v outdated search help config whoami why explain prefix root bin audit doctor';
const GLOBAL_INSTALL = /^(i|install|add|uninstall|remove|rm|un|update|up|link)$/;

function nodePackages(tool: string): Handler {
  const table = bySubcommand(tool, NPM_READS, NPM_PUBLISH, ['--prefix', '-C', '--dir', '--cwd']);
  return (part, j) => {
    const { opts, operands } = splitArgs(part.argv);
    const sub = operands[0]?.value;
    const global =
      hasFlag(opts, 'g', '--global') || opts.includes('--location=global') || sub === 'global';
    if (global && (sub === 'global' || GLOBAL_INSTALL.test(sub ?? ''))) {
      return risky('installs packages globally (outside the workspace)');
    }
    if (sub === 'config' && ['set', 'delete', 'edit'].includes(operands[1]?.value ?? '')) {
      return workspace('changes npm config');
    }
    if (sub === 'audit' && operands[1]?.value === 'fix') return workspace('updates dependencies');
    // `yarn npm publish` (Yarn 2+); `npm exec`, `pnpm dlx`: a package's own command.
    const nested = operands[1]?.value;
    const published = nested === undefined ? undefined : own(NPM_PUBLISH, nested);
    if (sub === 'npm' && published) return risky(published);
    if (sub && /^(exec|dlx|x)$/.test(sub)) {
      return packageRunner(part, operands.slice(1)) ?? workspace(`runs ${tool} ${sub}`);
    }
    if (sub === 'run' || sub === 'run-script') {
      const script = operands[1];
      const verb = script && cliVerbVerdict(part, [script, script], { operands: 1 });
      if (verb) return verb;
    }
    return table(part, j);
  };
}

function docker(part: CommandPart, j: PathJudge): Verdict {
  const { operands, opts } = splitArgs(part.argv, ['-H', '--host', '--context', '-c', '--config']);
  const [sub, sub2] = operands.map((o) => o.value);
  if (sub === 'push') return risky('publishes an image (docker push)');
  if (['rm', 'rmi', 'kill'].includes(sub ?? '') || sub2 === 'prune' || sub === 'prune') {
    return risky(`deletes containers, images or volumes (${part.name} ${sub})`);
  }
  if (
    ['volume', 'network', 'image', 'container'].includes(sub ?? '') &&
    ['rm', 'prune'].includes(sub2 ?? '')
  ) {
    return risky(`deletes ${sub}s`);
  }
  if (['run', 'create', 'exec'].includes(sub ?? '') && hostAccess(part, j.homeDir)) {
    return risky('runs a container with access to the host');
  }
  if (
    sub === 'compose' &&
    operands.some((o) => o.value === 'down') &&
    hasFlag(opts, 'v', '--volumes')
  ) {
    return risky('deletes volumes (compose down -v)');
  }
  const reads = words('ps images logs inspect version info stats top history search port diff');
  return reads.has(sub ?? '')
    ? readOnly(`reads (${part.name} ${sub})`)
    : workspace(`runs ${part.name} ${sub ?? ''}`.trim());
}

/** `--privileged`, host namespaces, or a bind mount of `/` or a system directory. */
function hostAccess(part: CommandPart, home: string): boolean {
  const values = part.argv.map((a) => a.value ?? '');
  return values.some((v, i) => {
    if (/^--(privileged|pid=host|cap-add=(ALL|SYS_ADMIN))$/.test(v)) return true;
    if (v === '--pid' && values[i + 1] === 'host') return true;
    const volume = v === '-v' || v === '--volume' ? values[i + 1] : /^--volume=(.*)$/.exec(v)?.[1];
    const mount = v === '--mount' ? values[i + 1] : /^--mount=(.*)$/.exec(v)?.[1];
    const source = volume?.split(':')[0] ?? /(?:^|,)(?:source|src)=([^,]*)/.exec(mount ?? '')?.[1];
    return source !== undefined && (source === '/' || criticalPath(source, home) !== undefined);
  });
}

function gh(part: CommandPart): Verdict {
  const { operands, opts, values } = splitArgs(part.argv, [
    '-X',
    '--method',
    '-R',
    '--repo',
    '-f',
    '-F',
  ]);
  const [sub, action] = operands.map((o) => o.value);
  if (sub === 'api') {
    const method = (values.get('-X') ?? values.get('--method'))?.value?.toUpperCase();
    const writes =
      (method && method !== 'GET') ||
      opts.some((o) => /^(-f|-F|--field|--raw-field|--input)/.test(o));
    return writes ? risky('changes data on GitHub (gh api)') : readOnly('reads from GitHub');
  }
  if (
    ['list', 'view', 'status', 'diff', 'checks', 'watch'].includes(action ?? '') ||
    sub === 'search'
  ) {
    return readOnly('reads from GitHub');
  }
  if (
    ['release', 'secret', 'variable', 'ssh-key', 'gpg-key'].includes(sub ?? '') ||
    action === 'delete'
  ) {
    return risky(`changes GitHub (gh ${sub} ${action ?? ''})`.trimEnd());
  }
  if (
    ['create', 'merge', 'comment', 'close', 'edit', 'review', 'reopen', 'fork'].includes(
      action ?? '',
    )
  ) {
    return risky(`publishes to GitHub (gh ${sub} ${action})`);
  }
  return workspace(`runs gh ${sub ?? ''}`.trim());
}

/** npx, bunx, `npm exec`...: the command of a package, judged like another tool's CLI. */
export function packageRunner(part: CommandPart, args: readonly Arg[]): Verdict | undefined {
  const { operands } = splitArgs(
    [args[0] ?? part.argv[0], ...args],
    ['-p', '--package', '-c', '--call'],
  );
  return cliVerbVerdict(part, [part.argv[0], ...operands], { operands: 4, options: true });
}

const npx: Handler = (part) =>
  cliVerbVerdict(part, part.argv, {
    operands: 4,
    options: true,
    valueOpts: ['-p', '--package', '-c', '--call', '--from', '--with'],
  }) ?? workspace(`runs ${part.name}`);

/** dotnet: building is workspace work; `dotnet nuget push/delete` change a package feed. */
function dotnet(part: CommandPart): Verdict {
  const [sub, action] = splitArgs(part.argv).operands.map((o) => o.value);
  if (sub === 'nuget' && (action === 'push' || action === 'delete')) {
    return risky(`changes a package feed (dotnet nuget ${action})`);
  }
  return workspace(`runs dotnet ${sub ?? ''}`.trim());
}

/** Development tools by subcommand: package managers, registries, clusters, GitHub. */
export const DEV_TOOL_HANDLERS: Record<string, Handler> = {
  git: classifyGit,
  npx,
  bunx: npx,
  pnpx: npx,
  uvx: npx,
  dotnet,
  npm: nodePackages('npm'),
  pnpm: nodePackages('pnpm'),
  yarn: nodePackages('yarn'),
  bun: nodePackages('bun'),
  cargo: bySubcommand('cargo', 'tree metadata search version help', {
    publish: 'publishes a crate (cargo publish)',
    yank: 'changes published crates (cargo yank)',
    owner: 'changes crate owners',
    login: 'stores a registry token',
  }),
  gem: bySubcommand('gem', 'list search query specification contents env help', {
    push: 'publishes a gem (gem push)',
    yank: 'changes published gems (gem yank)',
    owner: 'changes gem owners',
  }),
  poetry: bySubcommand('poetry', 'show check version env', { publish: 'publishes a package' }),
  uv: bySubcommand('uv', 'tree version help', { publish: 'publishes a package' }),
  pip: bySubcommand('pip', 'list show freeze check help search', {}),
  pip3: bySubcommand('pip', 'list show freeze check help search', {}),
  go: bySubcommand('go', 'version env list doc help vet', {}),
  kubectl: bySubcommand(
    'kubectl',
    'get describe logs explain version top api-resources api-versions cluster-info config',
    {
      delete: 'deletes cluster resources',
      apply: 'changes a Kubernetes cluster',
      create: 'changes a Kubernetes cluster',
      replace: 'changes a Kubernetes cluster',
      patch: 'changes a Kubernetes cluster',
      scale: 'changes a Kubernetes cluster',
      drain: 'changes a Kubernetes cluster',
      edit: 'changes a Kubernetes cluster',
    },
  ),
  helm: bySubcommand('helm', 'list ls status get show template lint version search history', {
    install: 'changes a Kubernetes cluster (helm install)',
    upgrade: 'changes a Kubernetes cluster (helm upgrade)',
    uninstall: 'changes a Kubernetes cluster (helm uninstall)',
    delete: 'changes a Kubernetes cluster (helm delete)',
    rollback: 'changes a Kubernetes cluster (helm rollback)',
    push: 'publishes a chart (helm push)',
  }),
  terraform: bySubcommand('terraform', 'plan validate fmt show output version graph providers', {
    apply: 'changes real infrastructure (terraform apply)',
    destroy: 'destroys real infrastructure (terraform destroy)',
    import: 'changes terraform state',
    taint: 'changes terraform state',
    state: 'changes terraform state',
    'force-unlock': 'changes terraform state',
  }),
  docker,
  podman: docker,
  gh,
};
