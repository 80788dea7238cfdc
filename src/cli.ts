import { HELP_TEXT, parseCliArgs, UsageError, type ParsedArgs } from './cli/args';
import { importWithoutFetch } from './cli/import-without-fetch';
import { optimiseLazily } from './cli/jit-tuning';
import { unsupportedNodeNotice } from './cli/node-support';
import { resolveConfig } from './config/resolve';
import type { Config } from './config/types';
import { tightenTickHome } from './util/private-files';
import { assertNever } from './util/assert-never';
import { VERSION } from './version';

// A write past a file size limit (`ulimit -f`) must fail with EFBIG, which tick reports, as
// Node arranges by ignoring SIGXFSZ. proper-lockfile's exit hook (signal-exit) listens for it
// and, when it is the only listener, raises it again with the default action, which kills
// tick; a listener of tick's own keeps the signal ignored.
process.on('SIGXFSZ', () => undefined);

// Heavy parts (the Ink app, the SDK) load only when a command needs them.
async function main(argv: string[]): Promise<number> {
  // One line on stderr, before the app takes the screen (which also shows it).
  const oldNode = unsupportedNodeNotice(process.versions.node);
  if (oldNode) process.stderr.write(`tick: ${oldNode}\n`);
  let parsed: ParsedArgs;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`tick: ${error.message}\nTry 'tick --help'.\n`);
      return 2;
    }
    throw error;
  }
  const { command, flags } = parsed;
  switch (command.kind) {
    case 'help':
      process.stdout.write(HELP_TEXT);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'tasks': {
      const config = await loadConfig(flags, 'stderr');
      const { runTasksCommand } = await import('./cli/commands/tasks');
      return runTasksCommand(command.list, config);
    }
    case 'doctor': {
      const config = await resolveConfig(flags, process.env, process.cwd());
      const { runDoctorCommand } = await import('./cli/commands/doctor');
      return runDoctorCommand(config);
    }
    case 'sessions': {
      const config = await loadConfig(flags, 'stderr');
      const { runSessionsCommand } = await import('./cli/commands/sessions');
      return runSessionsCommand(command, config);
    }
    case 'export': {
      const config = await loadConfig(flags, 'stderr');
      const { runExportCommand } = await import('./cli/commands/export');
      return runExportCommand(command, config);
    }
    case 'mcp': {
      const { runMcpCommand } = await import('./cli/commands/mcp');
      return runMcpCommand(command.args);
    }
    case 'rewind': {
      const config = await resolveConfig(flags, process.env, process.cwd());
      const { runRewindCommand } = await import('./cli/commands/rewind');
      return runRewindCommand(command, config);
    }
    case 'run': {
      optimiseLazily();
      const config = await loadConfig(flags, 'warnings');
      if (command.print) {
        for (const warning of config.warnings ?? []) process.stderr.write(`tick: ${warning}\n`);
        // A replay brings its own prompts; `-r` without an id lists sessions.
        const needsPrompt = command.replay === undefined && command.resume?.kind !== 'pick';
        const prompt = command.prompt ?? (needsPrompt ? await readStdinPrompt() : '');
        if (needsPrompt && !prompt) {
          process.stderr.write('tick: -p needs a prompt (as an argument or on stdin)\n');
          return 2;
        }
        const { runPrintCommand } = await import('./print/print-command');
        return runPrintCommand(config, { ...command, prompt });
      }
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        process.stderr.write(
          'tick: the app needs a terminal (stdin and stdout must be a TTY); use `tick -p "PROMPT"` for non-interactive runs\n',
        );
        return 2;
      }
      // The app says it again among its start-up warnings, where it is seen.
      if (oldNode) config.warnings = [oldNode, ...(config.warnings ?? [])];
      // The first frame goes up (and keys are kept) while the app's modules load.
      const early = await import('./cli/early-screen');
      early.drawEarlyScreen(config, command);
      try {
        const { startInteractive } = await importWithoutFetch(() => import('./cli/interactive'));
        return await startInteractive(config, command);
      } finally {
        // A failure before the app took the screen: the error goes to the normal screen.
        early.giveBackEarlyScreen();
      }
    }
    default:
      return assertNever(command);
  }
}

/**
 * The resolved config, with tick's data under TICK_HOME made private first; the one line
 * saying so goes to stderr, or with the settings' warnings (print mode and the app show them).
 */
async function loadConfig(
  flags: ParsedArgs['flags'],
  tell: 'stderr' | 'warnings',
): Promise<Config> {
  const config = await resolveConfig(flags, process.env, process.cwd());
  const tightened = tightenTickHome(config.home);
  if (!tightened) return config;
  if (tell === 'stderr') {
    process.stderr.write(`tick: ${tightened}\n`);
    return config;
  }
  return { ...config, warnings: [...(config.warnings ?? []), tightened] };
}

async function readStdinPrompt(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A known, user-facing error is one line; anything else is a bug worth its message.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`tick: ${message}\n`);
    process.exitCode = 1;
  },
);
