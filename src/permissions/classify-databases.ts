import { DESTRUCTIVE_SQL, cliVerbVerdict } from './classify-cli-verbs';
import type { Handler } from './classify-files';
import { notUnderstood, readOnly, risky } from './risk';

/**
 * Statements that only read: queries, schema listings and the clients' own listing
 * commands (`\dt`, `.tables`). Anything else (writes, and the clients' escapes that run
 * shell commands or write files: `\!`, `.shell`, `.output`, `COPY ... PROGRAM`,
 * `load_extension`) is not understood.
 */
const READ_STATEMENT =
  /^\s*((select|with|show|explain|describe|desc|values|table)\b[^;]*|pragma\s+[\w.]+(\s*\(\s*\w*\s*\))?|\\(d[a-z+]*|l\+?|dt\+?|conninfo|timing|x)\b[^!]*|\.(tables|schema|indexes|indices|databases|headers|mode|dbinfo|fullschema|show|stats|width|help)\b[^\n]*|(get|mget|keys|scan|exists|type|ttl|pttl|info|ping|dbsize|hget|hgetall|hkeys|lrange|llen|smembers|scard|zrange|zcard|strlen|xlen|xrange)\b[^\n]*|db\.[\w.]*\.(find|findOne|count|countDocuments|aggregate|distinct|getIndexes|stats)\s*\([^;]*\)[^;]*|db\.(getCollectionNames|stats|version|serverStatus)\s*\(\s*\))\s*;?\s*$/i;

/** Functions and clauses that reach past the database: files, programs, extensions. */
const ESCAPES =
  /\b(writefile|readfile|load_extension|edit|fts3_tokenizer|into\s+outfile|into\s+dumpfile|load_file|pg_read_file|pg_ls_dir|lo_import|lo_export|program|dblink|xp_cmdshell|attach)\b|\$where|\bfunction\s*\(/i;

/** Options whose value is a statement. */
const STATEMENT_OPTIONS = /^(-c|-e|--command|--execute|--eval|-q|--query|-Q)$/;

/**
 * The statement texts among a database shell's arguments: the values of `-c`/`-e`/
 * `--eval`, words with spaces or a client prefix (`.tables`, `\dt`); for redis-cli the
 * command is its operands.
 */
function statementTexts(name: string, args: string[]): string[] {
  if (/^(redis|valkey)-cli$/.test(name)) {
    const at = args.findIndex(
      (a, i) => !a.startsWith('-') && !/^-[hpanu]$/.test(args[i - 1] ?? ''),
    );
    return at < 0 ? [] : [args.slice(at).join(' ')];
  }
  return args.filter(
    (a, i) =>
      STATEMENT_OPTIONS.test(args[i - 1] ?? '') ||
      (!a.startsWith('-') && (/\s/.test(a) || /^[.\\]/.test(a))),
  );
}

/** The statements a database shell is given, one by one. */
function statements(texts: string[]): string[] {
  return texts
    .flatMap((t) => t.split(/;\s*(?=\S)|\n/))
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/**
 * Database shells: a statement that drops or deletes data (`psql -c 'DROP TABLE x'`,
 * `mongosh --eval 'db.dropDatabase()'`, the same in a here-document) is risky; one that
 * only reads is read-only; anything else, or a session with no statement given, is not
 * understood.
 */
const database: Handler = (part) => {
  const args = part.argv.slice(1).map((a) => a.value);
  if (args.some((a) => a === undefined)) {
    return notUnderstood(`runs ${part.name} with statements only known at run time`);
  }
  const given = [...(args as string[]), ...(part.stdinText !== undefined ? [part.stdinText] : [])];
  const statement = given.find((t) => DESTRUCTIVE_SQL.test(t));
  if (statement) {
    const shown = statement.trim().replace(/\s+/g, ' ').slice(0, 40);
    return risky(`runs a statement that deletes data (${shown})`);
  }
  const verb = cliVerbVerdict(part, part.argv, { operands: 3 });
  if (verb) return verb;
  const texts = statementTexts(part.name, args as string[]);
  if (part.stdinText !== undefined) texts.push(part.stdinText);
  const all = statements(texts);
  if (part.stdin === 'pipe' || part.stdin === 'file' || (all.length === 0 && part.stdin)) {
    return notUnderstood(`runs ${part.name} on statements from its input`);
  }
  if (all.length === 0) return notUnderstood(`opens a ${part.name} session`);
  const unread = all.find((s) => !READ_STATEMENT.test(s) || ESCAPES.test(s));
  if (unread) return notUnderstood(`runs \`${unread.slice(0, 40)}\` in ${part.name}`);
  return readOnly(`runs queries that only read (${part.name})`);
};

export const DATABASE_HANDLERS: Record<string, Handler> = Object.fromEntries(
  `psql mysql mariadb sqlite3 sqlcmd mongo mongosh clickhouse-client clickhouse cqlsh duckdb
  cockroach redis-cli valkey-cli`
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => [n, database]),
);
