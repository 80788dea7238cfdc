/** The locale decides glyphs: the first set of LC_ALL, LC_CTYPE, LANG; unset means UTF-8. */
export function localeIsUtf8(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG;
  if (!locale) return true;
  return /utf-?8/i.test(locale);
}
