// What `--store` and API_SERVE_DATABASE_URL accept: a PostgreSQL URL, checked and shown without its
// password, before (and without) loading the database client.

/** Whether a `--store` value names a PostgreSQL database (the only shared store so far). */
export function isDatabaseUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text.trim());
}

/** The URL as it may be shown: without its password (the rest as given). */
export function redactUrl(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):([^/?#]*)@/i, '$1:***@');
}

/** Why `text` is not a usable database URL, or undefined when it is one. */
export function databaseUrlProblem(text: string): string | undefined {
  if (!isDatabaseUrl(text)) return `"${redactUrl(text)}" is not a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE)`;
  let url: URL;
  try { url = new URL(text); } catch { return `"${redactUrl(text)}" is not a valid URL`; }
  if (url.hostname === '' && !url.searchParams.has('host')) return `"${redactUrl(text)}" names no host`;
  return undefined;
}
