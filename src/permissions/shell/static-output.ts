import { programName } from './command-wrappers';

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
      return args.slice(i).join(' ');
    }
    case 'printf':
      return args.length > 0 && !/[%\\]/.test(args[0]) ? args[0] : undefined;
    default:
      return undefined;
  }
}
