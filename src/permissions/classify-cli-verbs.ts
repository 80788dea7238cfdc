import { splitArgs } from './cli-args';
import type { Arg, CommandPart } from './shell/command-part';
import { risky, type Verdict } from './risk';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Subcommand words that destroy data, whatever the tool (`aws s3 rm`, `vault secrets disable`). */
const DESTRUCTIVE = words(`delete del rm rmr rb rmdir remove uninstall destroy drop dropdb purge
  prune forget unregister deregister disable truncate wipe erase nuke terminate revoke restore
  reset rimraf`);
/**
 * Option names that destroy (`--delete`, `-purge`, `--force-delete-without-recovery`);
 * `--rm`, `--disable-x` and `--reset-x` usually tune a run rather than destroy.
 */
const DESTRUCTIVE_OPTIONS = words(`delete destroy drop purge prune wipe truncate erase forget nuke
  unregister deregister`);
/** Program names that are a destructive verb (`dropdb`, `memcflush`, `kdestroy`). */
const DESTRUCTIVE_PROGRAM =
  /(flush|purge|destroy|delete|wipe|drop)$|^(drop|purge|wipe|flush|delete|destroy)(db|dbs|user|users|cluster|all|table|database|index|queue|topic|cache)$/;
/** Subcommand words that publish or deploy (`mvn deploy`, `./gradlew publish`). */
const PUBLISHING = words('publish deploy release upload push promote');
/** Tools whose `sync` mirrors, deleting at the destination what the source lacks. */
const MIRRORS = words('rclone');

/** SQL and database shell statements that delete data: `DROP TABLE`, `DELETE FROM`, `db.dropDatabase()`. */
export const DESTRUCTIVE_SQL =
  /\b(drop\s+(table|database|schema|index|view|collection|keyspace|user|role|owned)|truncate\s+(table\s+)?\w+|delete\s+from|alter\s+table\s+\S+\s+drop)\b|\.drop(Database|Collection)?\s*\(|\.(deleteMany|remove)\s*\(|\bflush(all|db)\b/i;

/** Remote storage a copy can land in: `s3://b`, `gs://b`, rclone's `remote:path`. */
const REMOTE =
  /^(s3|s3a|gs|az|azure|wasbs?|abfss?|r2|b2|oss|cos|swift|hdfs|webdav|ftp|sftp):\/\/|^[A-Za-z][\w-]+:(?![\\/]{2})[^\\]/;
const COPY_WORDS = words('cp mv sync put copy copyto move moveto upload');

/** A word that reads as a subcommand, task or goal, not a path, URL or value. */
const PLAIN = /^:?[A-Za-z][\w:.-]*$/;
const DRY_RUN = /^--(dry-?run|dryrun|what-?if|simulate|noop)$/;

/** The lower-case tokens of a word: `delete-secret` -> delete, secret; `publishToMaven` -> publish, to, maven. */
export function verbTokens(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function destructive(token: string): boolean {
  return DESTRUCTIVE.has(token) || token.startsWith('flush');
}

export interface VerbScan {
  /** Plain-word operands to look at, from the first. */
  operands: number;
  /** Options whose value is a separate word (so it is not read as a subcommand). */
  valueOpts?: string[];
  /** Look at long option names too (`--delete`, `--prune`). */
  options?: boolean;
}

/**
 * The destructive or publishing verb a command of another CLI names in its first words or
 * its long options: `aws s3 rm`, `redis-cli FLUSHDB`, `kafka-topics --delete`,
 * `mysqladmin drop`, `mvn deploy`. Dry runs are left alone.
 */
export function cliVerbVerdict(
  part: CommandPart,
  args: readonly Arg[],
  scan: VerbScan,
): Verdict | undefined {
  const { opts, operands } = splitArgs(args, scan.valueOpts ?? []);
  if (opts.some((o) => DRY_RUN.test(o))) return undefined;
  const plain = operands
    .map((o) => o.value)
    .filter((v): v is string => v !== undefined && PLAIN.test(v))
    .slice(0, scan.operands);
  const texts = operands.map((o) => o.value ?? '');
  const sql = texts.find((t) => /\s/.test(t) && DESTRUCTIVE_SQL.test(t));
  if (sql) return risky(`runs a statement that deletes data (${sql.trim().slice(0, 40)})`);
  const shown = (word: string) => {
    const at = args.findIndex((a) => a.value === word);
    const head = args.slice(0, at + 1).map((a) => a.value ?? a.raw);
    return head.length > 5 ? `${head[0]} … ${word}` : head.join(' ');
  };
  const mirror = (tokens: string[]) => MIRRORS.has(part.name) && tokens.includes('sync');
  const wiping = plain.find((w) => verbTokens(w).some(destructive) || mirror(verbTokens(w)));
  if (wiping) return risky(`deletes or destroys data (${shown(wiping)})`);
  const dest = texts[texts.length - 1] ?? '';
  const copy = plain.find((w) => COPY_WORDS.has(w.toLowerCase()));
  if (copy && operands.length >= 2 && REMOTE.test(dest)) {
    return risky(`uploads to remote storage (${copy} … ${dest})`);
  }
  // `mvn release:prepare`, `npm run release`; but `assembleRelease` builds a release variant.
  const publishing = plain.find((w) =>
    verbTokens(w).some((t, i) => PUBLISHING.has(t) && (t !== 'release' || i === 0)),
  );
  if (publishing) return risky(`publishes or deploys (${shown(publishing)})`);
  if (!scan.options) return undefined;
  // Long options, and Go-style single-dash ones (`-purge`, `-recurse`).
  for (const opt of opts) {
    if (!/^--?[a-z][a-z-]{2,}/i.test(opt) || /^--?(no|keep|skip|exclude|include)-/.test(opt))
      continue;
    const name = opt.split('=')[0];
    const tokens = verbTokens(name);
    if (tokens.some((t) => DESTRUCTIVE_OPTIONS.has(t) || t.startsWith('flush'))) {
      return risky(`deletes or destroys data (${args[0]?.value ?? part.name} … ${name})`);
    }
  }
  return undefined;
}

/** A program whose own name is a destructive verb: `dropdb`, `memcflush`, `pg_dropcluster`. */
export function destructiveProgram(name: string): Verdict | undefined {
  const hit = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((t) => DESTRUCTIVE_PROGRAM.test(t));
  return hit ? risky(`deletes or destroys data (${name})`) : undefined;
}
