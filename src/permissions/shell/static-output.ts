import { decodeAnsiC } from './ansi-c';
import { programName } from './command-wrappers';

/** echo -e and printf escapes: as `$'...'`, and `\0NNN` is octal; `\c` ends the output. */
function decodeEcho(text: string): string {
  const cut = text.indexOf('\\c');
  const kept = cut >= 0 ? text.slice(0, cut) : text;
  return decodeAnsiC(kept.replace(/\\0([0-7]{1,3})/g, '\\$1'));
}

/** What echo/printf/which print, for arguments that are all known. */
export function staticOutputOf(argv: string[]): string | undefined {
  const { name } = programName(argv[0]);
  const args = argv.slice(1);
  switch (name) {
    case 'which':
    case 'whence':
      return args.filter((a) => !a.startsWith('-')).join('\n') || undefined;
    case 'command':
    case 'type':
      return ['-v', '-p', '-P'].includes(args[0]) && args.length === 2 ? args[1] : undefined;
    case 'echo': {
      let i = 0;
      while (i < args.length && /^-[neE]+$/.test(args[i])) i++;
      const text = args.slice(i).join(' ');
      // `echo -e '\x72\x6d'` prints `rm`: what a shell fed by it runs.
      const escapes = args.slice(0, i).some((o) => o.lastIndexOf('e') > o.lastIndexOf('E'));
      return escapes ? decodeEcho(text) : text;
    }
    case 'printf':
      // A format without conversions prints itself, escapes decoded.
      return args.length > 0 && !args[0].includes('%') ? decodeEcho(args[0]) : undefined;
    default:
      return undefined;
  }
}
