/**
 * `table[key]` for keys the table itself holds. Program names and call names come from
 * the command, and `toString`, `constructor` or `__proto__` must not find Object's own.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
