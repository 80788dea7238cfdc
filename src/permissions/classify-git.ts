import path from 'node:path';
import { hasFlag, splitArgs } from './cli-args';
import type { Arg, CommandPart } from './shell/command-part';
import type { PathJudge } from './path-judge';
import { toolArgsVerdict } from './classify-tool-args';
import { notUnderstood, readOnly, risky, workspace, worst, type Verdict } from './risk';

const READ_ONLY_SUBCOMMANDS = new Set(
  `status log diff show blame grep ls-files ls-tree ls-remote rev-parse describe shortlog cat-file
  help version count-objects whatchanged show-ref show-branch name-rev merge-base rev-list
  for-each-ref check-ignore check-attr var diff-tree diff-files diff-index verify-commit verify-tag
  fsck cherry range-diff annotate`
    .split(/\s+/)
    .filter(Boolean),
);

/** Local work on the repository: commits, merges, fetching, cloning into the workspace. */
const WORK_SUBCOMMANDS = new Set(
  `add stage commit switch merge rebase cherry-pick revert fetch pull clone init mv am apply
  format-patch sparse-checkout repack commit-graph rerere bundle pack-refs request-pull
  merge-file mktree hash-object update-index write-tree commit-tree symbolic-ref restore
  checkout-index`
    .split(/\s+/)
    .filter(Boolean),
);

/** `-c key=value` settings that make git run a command. */
const COMMAND_CONFIG =
  /^(alias\.|core\.(pager|editor|sshcommand|hookspath|fsmonitor|gitproxy|askpass)|sequence\.editor|gpg\.program|credential\.|filter\.|diff\.|merge\.|url\.|include\.|includeif\.|uploadpack\.|receive\.|protocol\.)|\.(command|cmd|helper|program|textconv|driver)$/i;

/** Subcommands that start a program on the other side of a transfer (`-u`, `--upload-pack`). */
const TRANSFER_SUBCOMMANDS = new Set(
  'clone fetch pull ls-remote archive send-pack fetch-pack'.split(' '),
);
const GLOBAL_VALUE_OPTS = ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env'];

/** git, by subcommand: reads, local work, or history/remote changes that are hard to undo. */
export function classifyGit(part: CommandPart, j: PathJudge): Verdict {
  const argv = part.argv;
  const verdicts: Verdict[] = [];
  let i = 1;
  while (i < argv.length && (argv[i].value ?? '').startsWith('-')) {
    const a = argv[i].value!;
    if (a === '-c' || a === '--config-env') {
      const setting = argv[i + 1]?.value;
      const key = setting?.split('=')[0] ?? '';
      // `-c core.hooksPath=/dev/null` and `-c core.pager=cat` turn commands off.
      const off = /^(core\.hookspath=\/dev\/null|core\.pager=(cat|less|more)?)$/i.test(
        setting ?? '',
      );
      if (!off && (setting === undefined || COMMAND_CONFIG.test(key) || setting.includes('=!'))) {
        verdicts.push(risky(`sets git config that can run commands (-c ${setting ?? '…'})`));
      }
    }
    if (a.startsWith('--exec-path=')) verdicts.push(risky('runs git programs from another path'));
    i += GLOBAL_VALUE_OPTS.includes(a) ? 2 : 1;
  }
  const sub = argv[i]?.value;
  const rest: Arg[] = [argv[i] ?? { value: 'git', glob: false, raw: 'git' }, ...argv.slice(i + 1)];
  if (sub === undefined) {
    return worst(
      verdicts,
      argv[i] ? risky('runs a git subcommand only known at run time') : readOnly('shows git help'),
    );
  }
  verdicts.push(subcommandVerdict(sub, rest, j));
  const verdict = worst(verdicts, readOnly('reads the git repository'));
  // What it changes (`-C ../other`, `apply --directory /`) must stay inside the roots;
  // reading elsewhere is fine.
  if (verdict.level !== 'workspace') return verdict;
  return toolArgsVerdict(part, j) ?? verdict;
}

function subcommandVerdict(sub: string, args: Arg[], j: PathJudge): Verdict {
  const { opts, operands, values } = splitArgs(args, [
    '-o',
    '--output',
    '-m',
    '-b',
    '-B',
    '-c',
    '-C',
  ]);
  const has = (short: string, ...long: string[]) => hasFlag(opts, short, ...long);
  const ops = operands.map((o) => o.value);
  // `git clone --config core.sshCommand=…`: config that runs commands.
  const configured = args.find(
    (a, i) => /^(--config|-c)$/.test(args[i - 1]?.value ?? '') || /^--config=/.test(a.value ?? ''),
  );
  const key = configured?.value?.replace(/^--config=/, '').split('=')[0] ?? '';
  if (configured && (COMMAND_CONFIG.test(key) || configured.value?.includes('=!'))) {
    return risky(`sets git config that can run commands (${key})`);
  }
  // `git clone -u CMD`, `fetch --upload-pack=CMD`: the program the other side of a transfer
  // runs (over a local or ssh transport, a command line). A push is asked anyway.
  const remoteProgram = !TRANSFER_SUBCOMMANDS.has(sub)
    ? undefined
    : has('u')
      ? '-u'
      : opts.find((o) => /^--(upload-pack|receive-pack|exec)(=|$)/.test(o))?.split('=')[0];
  if (remoteProgram) return notUnderstood(`runs a program given to git ${sub} (${remoteProgram})`);
  switch (sub) {
    case 'push': {
      const force =
        has('f', '--force', '--force-with-lease', '--force-if-includes', '--mirror') ||
        ops.some((o) => o?.startsWith('+'));
      if (force) return risky('force-pushes (rewrites history on the remote)');
      if (has('d', '--delete', '--prune') || ops.some((o) => o?.startsWith(':'))) {
        return risky('deletes branches on the remote');
      }
      return risky('publishes commits to a remote (git push)');
    }
    case 'clean':
      if (has('n', '--dry-run')) return readOnly('lists untracked files (dry run)');
      return risky('deletes untracked files (git clean)');
    case 'reset':
      if (opts.some((o) => ['--hard', '--merge', '--keep'].includes(o))) {
        return risky('discards uncommitted changes (git reset --hard)');
      }
      return workspace('moves the branch pointer (git reset)');
    case 'checkout':
      return checkout(args, opts, operands, j);
    case 'restore':
      if (has('S', '--staged') && !has('W', '--worktree')) return workspace('unstages changes');
      return risky('discards uncommitted changes (git restore)');
    case 'switch':
      if (has('C', '--force-create')) {
        return risky('resets an existing branch to another commit (git switch -C)');
      }
      return has('f', '--force', '--discard-changes')
        ? risky('discards uncommitted changes (git switch --force)')
        : workspace('switches branches');
    case 'gc':
      return opts.some((o) => /^--prune=(now|all)$/.test(o))
        ? risky('deletes unreachable commits you could still recover (git gc --prune=now)')
        : workspace('packs the repository');
    case 'prune':
      return has('n', '--dry-run')
        ? readOnly('lists unreachable objects (dry run)')
        : risky('deletes unreachable commits you could still recover (git prune)');
    case 'branch':
      if (has('D') || (has('d', '--delete') && has('f', '--force'))) {
        return risky('deletes a branch even if it is not merged (git branch -D)');
      }
      if (has('f', '--force') || has('M') || has('C')) {
        return risky(
          'moves or overwrites an existing branch, losing commits only it had (git branch -f)',
        );
      }
      if (has('d', '--delete', '-m', '-c', '--move', '--copy') || values.size > 0) {
        return workspace('changes branches');
      }
      return operands.length === 0 || has('l', '--list', '--contains', '--merged', '--points-at')
        ? readOnly('lists branches')
        : workspace('creates a branch');
    case 'tag':
      return operands.length === 0 || has('l', '--list', '--contains', '--points-at')
        ? readOnly('lists tags')
        : workspace('changes tags');
    case 'remote':
      return ops.length === 0 || ['show', 'get-url'].includes(ops[0] ?? '')
        ? readOnly('lists remotes')
        : workspace('changes remotes');
    case 'stash':
      if (['drop', 'clear'].includes(ops[0] ?? '')) return risky('deletes stashed changes');
      return ['list', 'show'].includes(ops[0] ?? '')
        ? readOnly('lists stashes')
        : workspace('stashes changes');
    case 'reflog':
      return ['expire', 'delete'].includes(ops[0] ?? '')
        ? risky('deletes reflog entries (history you could recover)')
        : readOnly('shows the reflog');
    case 'rm':
      return has('', '--cached') ? workspace('untracks files') : risky('deletes files (git rm)');
    case 'filter-branch':
    case 'filter-repo':
      return risky('rewrites the whole history');
    case 'update-ref':
      return has('d') ? risky('deletes a ref') : workspace('updates a ref');
    case 'worktree':
      if (ops[0] === 'list') return readOnly('lists worktrees');
      if (ops[0] === 'remove' && has('f', '--force')) {
        return risky('deletes a worktree with its changes');
      }
      if (ops[0] === 'remove' || ops[0] === 'prune') {
        const at = operands[1];
        return at ? j.remove(at, true, 'deletes', 'a worktree') : risky('deletes worktrees');
      }
      return ops[0] === 'add' || ops[0] === 'move' || ops[0] === 'lock' || ops[0] === 'unlock'
        ? workspace('changes worktrees')
        : notUnderstood(`\`git worktree ${ops[0] ?? ''}\` is not understood`);
    case 'submodule':
      if (ops[0] === 'status' || ops[0] === undefined) return readOnly('lists submodules');
      if (ops[0] === 'foreach')
        return notUnderstood('runs a command in every submodule (git submodule foreach)');
      return ops[0] === 'deinit' && has('f', '--force')
        ? risky('removes submodules with their changes')
        : workspace('updates submodules');
    case 'config':
      return config(opts, operands);
    case 'archive': {
      const out = values.get('-o') ?? values.get('--output');
      return out ? j.write(out, 'writes') : readOnly('writes an archive to the output');
    }
    case 'read-tree':
      return has('', '--reset') && has('u')
        ? risky('overwrites the worktree with another tree (git read-tree -u --reset)')
        : workspace('reads a tree into the index');
    case 'notes':
    case 'bisect':
      if (sub === 'bisect' && ops[0] === 'run')
        return notUnderstood('runs a command at each step (git bisect run)');
      return ['list', 'show', 'log'].includes(ops[0] ?? '')
        ? readOnly('reads notes')
        : workspace(`runs git ${sub}`);
  }
  if (sub === 'grep' && opts.some((o) => /^(-O|--open-files-in-pager)/.test(o))) {
    return notUnderstood('opens the files in a program (git grep -O)');
  }
  if (READ_ONLY_SUBCOMMANDS.has(sub)) {
    const out = values.get('--output');
    if (out) return j.write(out, 'writes');
    if (opts.some((o) => o === '--ext-diff' || o.startsWith('--textconv'))) {
      return workspace('runs external diff programs');
    }
    return readOnly(`reads the git repository (git ${sub})`);
  }
  if (WORK_SUBCOMMANDS.has(sub)) return workspace(`runs git ${sub}`);
  return notUnderstood(`\`git ${path.basename(sub)}\` is a git command tick does not know`);
}

function config(opts: string[], operands: Arg[]): Verdict {
  const reading =
    opts.some((o) =>
      /^--(get|get-all|get-regexp|get-urlmatch|list|show-origin|show-scope)$/.test(o),
    ) ||
    opts.includes('-l') ||
    (operands.length === 1 &&
      !opts.some((o) => /^--(unset|unset-all|add|replace-all|edit)$/.test(o)));
  if (reading) return readOnly('reads git config');
  const key = operands[0]?.value ?? '';
  const value = operands[1]?.value ?? '';
  if (COMMAND_CONFIG.test(key) || value.startsWith('!')) {
    return risky(`sets git config that can run commands (${key})`);
  }
  if (opts.some((o) => o === '--global' || o === '--system' || o === '-e' || o === '--edit')) {
    return risky('changes git config outside the workspace');
  }
  return workspace('changes the repository config');
}

/** git checkout: switching branches is workspace work; writing paths over the worktree discards changes. */
function checkout(args: Arg[], opts: string[], operands: Arg[], j: PathJudge): Verdict {
  const has = (short: string, ...long: string[]) => hasFlag(opts, short, ...long);
  const paths =
    args.some((a) => a.value === '--') ||
    operands.some((o) => o.value === '.') ||
    opts.some((o) => o.startsWith('--pathspec-from-file'));
  if (has('f', '--force') || paths) {
    return risky('discards uncommitted changes (git checkout -- PATH)');
  }
  if (has('B')) return risky('resets an existing branch to another commit (git checkout -B)');
  if (has('p', '--patch')) return workspace('picks changes to check out, asking for each');
  if (operands.length >= 2) {
    return risky(
      'overwrites files with their version from another commit (git checkout COMMIT PATH)',
    );
  }
  if (operands.length === 1 && j.exists(operands[0])) {
    return risky(`discards uncommitted changes to ${operands[0].value} (git checkout PATH)`);
  }
  return workspace('switches branches');
}
