/**
 * `${VAR}` and `${VAR:-default}` in a server's command, args, env, url and headers, as
 * Claude Code expands them: the variable's value when it is set (even empty), else the
 * default, else the variable is missing. `$VAR` without braces is left as written (a
 * shell would see it). VS Code's `${env:VAR}` reads VAR and `${workspaceFolder}` is the
 * workspace; its `${input:ID}` asks the user in VS Code, which tick cannot do.
 */

export interface ExpandContext {
  env: NodeJS.ProcessEnv;
  /** The workspace, for VS Code's `${workspaceFolder}`. */
  workspace: string;
}

export interface Expanded {
  text: string;
  /** Variables neither set nor given a default. */
  missing: string[];
  /** VS Code `${input:ID}` references. */
  inputs: string[];
}

const REFERENCE = /\$\{([^}]*)\}/g;

export function expandVariables(text: string, context: ExpandContext): Expanded {
  const missing: string[] = [];
  const inputs: string[] = [];
  const expanded = text.replace(REFERENCE, (whole, inner: string) => {
    const cut = inner.indexOf(':-');
    const name = (cut < 0 ? inner : inner.slice(0, cut)).trim();
    const fallback = cut < 0 ? undefined : inner.slice(cut + 2);
    if (name.startsWith('input:')) {
      inputs.push(name.slice('input:'.length));
      return whole;
    }
    const variable = name.startsWith('env:') ? name.slice('env:'.length) : name;
    const value = context.env[variable];
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    if (variable === 'workspaceFolder') return context.workspace;
    missing.push(variable);
    return whole;
  });
  return { text: expanded, missing, inputs };
}

/**
 * Expands every string of an entry's fields at once; the first problem is returned as one
 * line naming the field (`args[2] needs the environment variable PG_URL, which is not set`).
 */
export class FieldExpander {
  private problem: string | undefined;

  constructor(private readonly context: ExpandContext) {}

  /** The text with its variables expanded; records the first problem met. */
  expand(text: string, field: string): string {
    const result = expandVariables(text, this.context);
    if (!this.problem && result.inputs.length) {
      this.problem = `${field} uses VS Code's \${input:${result.inputs[0]}}, which only VS Code can ask for; write the value, or \${VAR} to read it from the environment`;
    } else if (!this.problem && result.missing.length) {
      const names = result.missing.join(', ');
      const which = result.missing.length === 1 ? 'variable' : 'variables';
      const verb = result.missing.length === 1 ? 'is' : 'are';
      this.problem = `${field} needs the environment ${which} ${names}, which ${verb} not set (write \${${result.missing[0]}:-default} for a default)`;
    }
    return result.text;
  }

  expandRecord(record: Record<string, string>, field: string): Record<string, string> {
    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, this.expand(value, `${field}.${key}`)]),
    );
  }

  /** The first problem, if any. */
  get error(): string | undefined {
    return this.problem;
  }
}
