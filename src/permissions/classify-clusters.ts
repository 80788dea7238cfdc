import type { Handler } from './classify-files';
import { criticalPath } from './paths';
import { toolArgsVerdict } from './classify-tool-args';
import { readOnly, risky, workspace, type Verdict } from './risk';
import type { CommandPart } from './shell/command-part';
import { toolHandler, type ToolSpec } from './tool-spec';

/**
 * Containers, clusters and infrastructure: reads run, builds are workspace work, and what
 * starts a container or changes a cluster, a daemon or real infrastructure asks.
 */

const runs = (what: string) => `runs a container (${what}): foreign code with access to the daemon`;
const containerChange = (what: string) =>
  `changes containers, images or the docker daemon (${what})`;

function table(kind: (what: string) => string, tool: string, subs: string): Record<string, string> {
  return Object.fromEntries(
    subs
      .split(/\s+/)
      .filter(Boolean)
      .map((s) => [s, kind(`${tool} ${s}`)]),
  );
}

/**
 * `docker build`, `buildx build`/`bake`: the workspace's Dockerfile, built by the daemon; with
 * `--push` or a registry output it publishes the image.
 */
function imageBuild(shown: string): Handler {
  return (part, j) => {
    const args = part.argv.slice(1);
    // `--push`, `--output type=registry`, `-o type=image,push=true`.
    const publishes = args.some(
      (a) => a.value === '--push' || /type=registry|push=true/.test(a.value ?? ''),
    );
    if (publishes) return risky(`publishes an image (${shown} --push)`);
    return toolArgsVerdict(part, j, { args }) ?? workspace(`runs ${shown}`);
  };
}

function dockerSpec(tool: string): ToolSpec {
  const objectReads = 'ls list inspect history logs top port diff stats show version';
  return {
    tool,
    valueOpts: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level'],
    reads: 'ps images logs inspect version info stats top history search port diff events',
    work: 'pull tag save load',
    risky: {
      ...table(runs, tool, 'run create exec start restart attach'),
      ...table(
        containerChange,
        tool,
        'stop kill rm rmi prune login logout pause unpause update rename commit cp import export wait',
      ),
      push: `publishes an image (${tool} push)`,
    },
    nested: {
      build: imageBuild(`${tool} build`),
      image: {
        tool: `${tool} image`,
        reads: objectReads,
        work: 'pull tag save load',
        nested: { build: imageBuild(`${tool} image build`) },
        risky: table(containerChange, `${tool} image`, 'rm prune push import'),
      },
      container: {
        tool: `${tool} container`,
        reads: objectReads,
        risky: {
          ...table(runs, `${tool} container`, 'run create exec start restart attach'),
          ...table(
            containerChange,
            `${tool} container`,
            'stop kill rm prune pause unpause update rename commit cp export',
          ),
        },
      },
      volume: {
        tool: `${tool} volume`,
        reads: objectReads,
        risky: table(containerChange, `${tool} volume`, 'create rm prune'),
      },
      network: {
        tool: `${tool} network`,
        reads: objectReads,
        risky: table(containerChange, `${tool} network`, 'create rm prune connect disconnect'),
      },
      system: {
        tool: `${tool} system`,
        reads: 'df info events',
        risky: table(containerChange, `${tool} system`, 'prune'),
      },
      context: {
        tool: `${tool} context`,
        reads: objectReads,
        risky: table(containerChange, `${tool} context`, 'create rm use update import'),
      },
      buildx: {
        tool: `${tool} buildx`,
        reads: 'ls inspect version du',
        nested: {
          build: imageBuild(`${tool} buildx build`),
          b: imageBuild(`${tool} buildx build`),
          bake: imageBuild(`${tool} buildx bake`),
        },
        risky: table(containerChange, `${tool} buildx`, 'create rm use prune stop'),
      },
      compose: {
        tool: `${tool} compose`,
        valueOpts: [
          '-f',
          '--file',
          '-p',
          '--project-name',
          '--profile',
          '--env-file',
          '--project-directory',
        ],
        reads: 'ps logs config images ls top version port events',
        work: 'build pull',
        risky: {
          ...table(runs, `${tool} compose`, 'up run exec start restart create watch'),
          ...table(containerChange, `${tool} compose`, 'down stop kill rm pause unpause push'),
        },
      },
      manifest: {
        tool: `${tool} manifest`,
        reads: 'inspect',
        risky: table(containerChange, `${tool} manifest`, 'create push annotate rm'),
      },
      swarm: {
        tool: `${tool} swarm`,
        risky: table(
          containerChange,
          `${tool} swarm`,
          'init join leave update unlock ca join-token',
        ),
      },
    },
  };
}

/** `docker run --privileged`, host namespaces, `-v /:/host`: said in the reason. */
function hostAccess(part: CommandPart, home: string): boolean {
  const values = part.argv.map((a) => a.value ?? '');
  return values.some((v, i) => {
    if (/^--(privileged|pid=host|net=host|network=host|cap-add=.*|userns=host|ipc=host)$/.test(v))
      return true;
    if ((v === '--pid' || v === '--network' || v === '--net') && values[i + 1] === 'host')
      return true;
    if (v === '--cap-add') return true;
    const volume = v === '-v' || v === '--volume' ? values[i + 1] : /^--volume=(.*)$/.exec(v)?.[1];
    const mount = v === '--mount' ? values[i + 1] : /^--mount=(.*)$/.exec(v)?.[1];
    const source = volume?.split(':')[0] ?? /(?:^|,)(?:source|src)=([^,]*)/.exec(mount ?? '')?.[1];
    return source !== undefined && (source === '/' || criticalPath(source, home) !== undefined);
  });
}

function dockerHandler(tool: string): Handler {
  const judge = toolHandler(dockerSpec(tool));
  return (part, j): Verdict => {
    const verdict = judge(part, j);
    return verdict.level === 'risky' && hostAccess(part, j.homeDir)
      ? risky('runs a container with access to the host')
      : verdict;
  };
}

const clusterChange = (what: string) => `changes a Kubernetes cluster (${what})`;

/** Resources whose content is a secret: reading them puts it in the transcript. */
const SECRET_RESOURCE = /^(secrets?|sealedsecrets?)(\.|\/|,|$)|,secrets?(\.|\/|,|$)/i;

/** `kubectl get|describe`: reads, except the cluster's secrets. */
function clusterRead(shown: string): Handler {
  return (part, j) => {
    const args = part.argv.slice(1);
    if (args.some((a) => a.value !== undefined && SECRET_RESOURCE.test(a.value))) {
      return risky(`reads the cluster's secrets (${shown} secret)`);
    }
    return toolArgsVerdict(part, j, { args, reads: true }) ?? readOnly(`reads (${shown})`);
  };
}

const kubectl: ToolSpec = {
  tool: 'kubectl',
  valueOpts: [
    '-n',
    '--namespace',
    '--context',
    '--cluster',
    '--user',
    '--kubeconfig',
    '-s',
    '--server',
    '--token',
    '--as',
    '--as-group',
    '--request-timeout',
    '-v',
    '--v',
    '--certificate-authority',
    '--client-certificate',
    '--client-key',
    '--tls-server-name',
    '--cache-dir',
  ],
  reads:
    'logs explain version top api-resources api-versions cluster-info diff events wait kustomize completion options',
  risky: {
    ...table(
      clusterChange,
      'kubectl',
      'apply create delete replace patch edit scale autoscale set label annotate taint cordon uncordon drain expose run exec attach cp debug certificate proxy port-forward',
    ),
  },
  nested: {
    get: clusterRead('kubectl get'),
    describe: clusterRead('kubectl describe'),
    config: {
      tool: 'kubectl config',
      reads: 'get-contexts current-context get-clusters get-users',
      nested: {
        // `--raw` prints the credentials `view` otherwise redacts.
        view: (part) =>
          part.argv.some((a) => a.value === '--raw' || a.value?.startsWith('--raw='))
            ? risky('prints the kubeconfig with its credentials (kubectl config view --raw)')
            : readOnly('reads your kubeconfig (kubectl config view)'),
      },
      risky: table(
        (w) => `changes your kubeconfig (${w})`,
        'kubectl config',
        'use-context use set-context set-cluster set-credentials delete-context delete-cluster delete-user rename-context set unset',
      ),
    },
    rollout: {
      tool: 'kubectl rollout',
      reads: 'status history',
      risky: table(clusterChange, 'kubectl rollout', 'restart undo pause resume'),
    },
    auth: {
      tool: 'kubectl auth',
      reads: 'can-i whoami',
      risky: table(clusterChange, 'kubectl auth', 'reconcile'),
    },
    plugin: { tool: 'kubectl plugin', reads: 'list' },
  },
};

const helm: ToolSpec = {
  tool: 'helm',
  valueOpts: ['-n', '--namespace', '--kube-context', '--kubeconfig'],
  reads: 'list ls status get show template lint version search history env verify completion',
  work: 'package pull fetch create',
  installs: '',
  risky: table(clusterChange, 'helm', 'install upgrade uninstall delete del rollback test push'),
  nested: {
    dependency: { tool: 'helm dependency', reads: 'list ls', work: 'build update' },
    dep: { tool: 'helm dependency', reads: 'list ls', work: 'build update' },
    repo: { tool: 'helm repo', reads: 'list ls index', installs: 'add update remove rm' },
    plugin: { tool: 'helm plugin', reads: 'list ls', installs: 'install update uninstall' },
    registry: {
      tool: 'helm registry',
      risky: { login: 'stores registry credentials', logout: 'removes registry credentials' },
    },
  },
};

const infraChange = (what: string) => `changes real infrastructure or its state (${what})`;

function terraformSpec(tool: string): ToolSpec {
  return {
    tool,
    reads: 'plan validate show output version graph providers -version -help modules metadata',
    work: 'fmt init get',
    risky: {
      ...table(
        infraChange,
        tool,
        'apply destroy import taint untaint refresh force-unlock test login logout',
      ),
    },
    nested: {
      state: {
        tool: `${tool} state`,
        reads: 'list show pull',
        risky: table(infraChange, `${tool} state`, 'mv rm push replace-provider'),
      },
      workspace: {
        tool: `${tool} workspace`,
        reads: 'list show',
        risky: table(infraChange, `${tool} workspace`, 'new delete select'),
      },
    },
  };
}

export const CLUSTER_HANDLERS: Record<string, Handler> = {
  docker: dockerHandler('docker'),
  podman: dockerHandler('podman'),
  nerdctl: dockerHandler('nerdctl'),
  'docker-compose': toolHandler({
    ...(dockerSpec('docker').nested!.compose as ToolSpec),
    tool: 'docker-compose',
  }),
  kubectl: toolHandler(kubectl),
  helm: toolHandler(helm),
  terraform: toolHandler(terraformSpec('terraform')),
  tofu: toolHandler(terraformSpec('tofu')),
};
