/**
 * How much a shell command can do, from harmless to never allowed. `read-only` and
 * `workspace` are understood: tick knows the program and every option as safe for the
 * mode, so they run unconfined. `unknown` is not understood (an unknown program, an
 * option tick does not know of a program that can run code or write files, a payload the
 * analysis cannot see): it runs in the sandbox, or is asked where there is none. `edit`
 * writes files inside the roots (`sed -i`, `> file`, `cp`, `touch`): it is asked like
 * edit_file in default mode and runs in acceptEdits.
 */
export type RiskLevel = 'read-only' | 'workspace' | 'unknown' | 'edit' | 'risky' | 'forbidden';

export const RISK_LEVELS: readonly RiskLevel[] = [
  'read-only',
  'workspace',
  'unknown',
  'edit',
  'risky',
  'forbidden',
];

export interface Verdict {
  level: RiskLevel;
  /** Why, as the approval prompt says it: "deletes files", "writes outside the workspace: /etc/x". */
  reason: string;
  /**
   * A more severe verdict (an edit) that swallowed one not understood: `wget -e CMD -O f`
   * edits f and runs what tick cannot read, so it is confined even where edits run.
   */
  opaque?: boolean;
}

export interface ClassifyContext {
  /** Where the command runs (the workspace root, a real path). */
  cwd: string;
  /** Every root writes may go to without asking (cwd + --add-dir), real paths. */
  roots: string[];
  /** The user's home directory (os.homedir(), not TICK_HOME). */
  home: string;
  /** Resolves symlinks of an absolute path; when absent, paths are taken as written. */
  realpath?: (abs: string) => string;
}

export function severity(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/**
 * The most severe verdict, the first among equals (the order they were found in);
 * `base` is the least it can be (it wins only when nothing is as severe).
 */
export function worst(verdicts: readonly Verdict[], base: Verdict): Verdict {
  const all = [...verdicts, base];
  const top = all.reduce((a, b) => (severity(b.level) > severity(a.level) ? b : a));
  const opaque = all.some((v) => v.level === 'unknown' || v.opaque);
  return opaque && top.level !== 'unknown' && !top.opaque ? { ...top, opaque } : top;
}

export const readOnly = (reason: string): Verdict => ({ level: 'read-only', reason });
export const workspace = (reason: string): Verdict => ({ level: 'workspace', reason });
/** Not understood: confined in the sandbox, or asked without one. */
export const notUnderstood = (reason: string): Verdict => ({ level: 'unknown', reason });
export const edit = (reason: string): Verdict => ({ level: 'edit', reason });

/** Understood as safe to run unconfined in a mode that runs workspace work. */
export function understood(level: RiskLevel): boolean {
  return level === 'read-only' || level === 'workspace';
}
export const risky = (reason: string): Verdict => ({ level: 'risky', reason });
export const forbidden = (reason: string): Verdict => ({ level: 'forbidden', reason });
