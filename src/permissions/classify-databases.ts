import { DESTRUCTIVE_SQL, cliVerbVerdict } from './classify-cli-verbs';
import type { Handler } from './classify-files';
import { risky, workspace } from './risk';

/**
 * Database shells: queries are workspace work; a statement that drops or deletes data
 * (`psql -c 'DROP TABLE x'`, `mongosh --eval 'db.dropDatabase()'`, the same in a
 * here-document) is risky.
 */
const database: Handler = (part) => {
  const texts = [...part.argv.slice(1).map((a) => a.value ?? ''), part.stdinText ?? ''];
  const statement = texts.find((t) => DESTRUCTIVE_SQL.test(t));
  if (statement) {
    const shown = statement.trim().replace(/\s+/g, ' ').slice(0, 40);
    return risky(`runs a statement that deletes data (${shown})`);
  }
  return cliVerbVerdict(part, part.argv, { operands: 3 }) ?? workspace(`runs ${part.name}`);
};

export const DATABASE_HANDLERS: Record<string, Handler> = Object.fromEntries(
  `psql mysql mariadb sqlite3 sqlcmd mongo mongosh clickhouse-client clickhouse cqlsh duckdb
  cockroach redis-cli valkey-cli`
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => [n, database]),
);
