import { splitArgs, subcommand } from './cli-args';
import { classifyGit } from './classify-git';
import type { Handler } from './classify-files';
import { CLUSTER_HANDLERS } from './classify-clusters';
import { JS_TOOL_HANDLERS } from './classify-js-tools';
import { PACKAGE_HANDLERS } from './classify-packages';
import { notUnderstood, readOnly, risky, workspace, type Verdict } from './risk';
import type { CommandPart } from './shell/command-part';
import { own } from './shell/own-key';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/**
 * Subcommand tables with a default: read-only ones, risky ones (with why), and `otherwise`
 * for the rest (a system package manager's unknown verbs are risky).
 */
export function bySubcommand(
  tool: string,
  reads: string,
  riskyOnes: Record<string, string>,
  valueOpts: string[],
  otherwise: (sub: string) => Verdict,
): Handler {
  const readSet = words(reads);
  return (part) => {
    const sub = subcommand(part.argv, valueOpts);
    if (sub === undefined) return notUnderstood(`runs ${tool} without a known subcommand`);
    const why = own(riskyOnes, sub);
    if (why) return risky(why);
    if (readSet.has(sub)) return readOnly(`reads (${tool} ${sub})`);
    return otherwise(sub);
  };
}

const GH_READS = words('list view status diff checks watch');
const GH_WRITES = words(
  'create merge comment close edit review reopen fork delete run rerun cancel enable disable lock unlock pin unpin transfer archive rename sync set-default',
);

/** gh: reads of GitHub run; what publishes or changes GitHub asks; the rest is not understood. */
function gh(part: CommandPart): Verdict {
  const { operands, opts, values } = splitArgs(part.argv, [
    '-X',
    '--method',
    '-R',
    '--repo',
    '-f',
    '-F',
    '-H',
    '--header',
    '-q',
    '--jq',
    '-t',
    '--template',
  ]);
  const [sub, action] = operands.map((o) => o.value);
  if (sub === 'api') {
    const method = (values.get('-X') ?? values.get('--method'))?.value?.toUpperCase();
    const writes =
      (method && method !== 'GET') ||
      opts.some((o) => /^(-f|-F|--field|--raw-field|--input)/.test(o));
    return writes ? risky('changes data on GitHub (gh api)') : readOnly('reads from GitHub');
  }
  if (sub === 'auth') {
    // The token is a secret: printed, it reaches the model and the transcript.
    if (action === 'token' || opts.some((o) => o === '--show-token' || o === '-t')) {
      return risky('prints the GitHub token (a secret)');
    }
    return action === 'status'
      ? readOnly('reads the GitHub login')
      : risky(`changes the GitHub login (gh auth ${action ?? ''})`.trimEnd());
  }
  if (GH_READS.has(action ?? '') || sub === 'search' || sub === 'browse') {
    return readOnly('reads from GitHub');
  }
  if (sub === 'release' && action === 'download') return workspace('downloads release assets');
  if (
    ['release', 'secret', 'variable', 'ssh-key', 'gpg-key', 'workflow', 'cache'].includes(sub ?? '')
  ) {
    return risky(`changes GitHub (gh ${sub} ${action ?? ''})`.trimEnd());
  }
  if (GH_WRITES.has(action ?? '')) return risky(`publishes to GitHub (gh ${sub} ${action})`);
  if ((sub === 'pr' && action === 'checkout') || (sub === 'repo' && action === 'clone')) {
    return workspace(`runs gh ${sub} ${action}`);
  }
  if (sub === 'extension' || sub === 'ext') {
    return action === 'list'
      ? readOnly('lists gh extensions')
      : risky(`installs or runs gh extensions (gh ${sub} ${action ?? ''})`.trimEnd());
  }
  return notUnderstood(
    `\`gh ${sub ?? ''}${action ? ` ${action}` : ''}\` is a gh command tick does not know`,
  );
}

/** Development tools by subcommand: git, GitHub, package managers, containers, clusters. */
export const DEV_TOOL_HANDLERS: Record<string, Handler> = {
  git: classifyGit,
  gh,
  ...JS_TOOL_HANDLERS,
  ...PACKAGE_HANDLERS,
  ...CLUSTER_HANDLERS,
};
