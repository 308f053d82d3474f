// A request cookie as a typed, optional input (OpenAPI's `in: cookie` parameters): read from the
// `Cookie` header with the other headers, a value that does not decode is a 400 naming it.
import type { Codec } from '../codec/types.js';
import type { ExtensionDescriptor, ExtensionRead } from './extension.js';
import type { ExtensionPart } from './types.js';

export interface CookieConfig<T = unknown> {
  readonly name: string;
  readonly codec: Codec<T>;
  readonly description?: string;
}

/** A cookie's raw value in `Cookie` header lines, or undefined. */
export function cookieText(header: string | string[] | undefined, name: string): string | undefined {
  for (const line of Array.isArray(header) ? header : header === undefined ? [] : [header]) {
    for (const piece of line.split(';')) {
      const eq = piece.indexOf('=');
      if (eq > 0 && piece.slice(0, eq).trim() === name) return piece.slice(eq + 1).trim();
    }
  }
  return undefined;
}

export const cookieExtension: ExtensionDescriptor<CookieConfig, unknown, never> = {
  name: 'cookie',
  stage: 'header',
  header: 'Cookie',
  errors: ['badHeader'],
  options: [],
  read(config, headers): ExtensionRead<unknown> {
    const raw = cookieText(headers.cookie, config.name);
    if (raw === undefined) return { ok: true, value: undefined };
    let text = raw;
    try { text = decodeURIComponent(raw); } catch { /* kept as sent: a cookie value need not be percent-encoded */ }
    const r = config.codec.parseText(text);
    if (r.ok) return { ok: true, value: r.value };
    return { ok: false, failure: { combinator: 'Header', name: 'Cookie', message: `Error parsing cookie ${config.name} failed: ${r.error}`, ...(r.constraint === undefined ? {} : { constraint: r.constraint }) } };
  },
  docs: (config) => ({ kind: 'cookie', name: config.name, schema: config.codec.schema, label: config.codec.label, ...(config.description === undefined ? {} : { description: config.description }) }),
};

/** An optional request cookie read as `codec`: `cookie('session', t.text)`. */
export function cookie<const N extends string, T>(name: N, codec: Codec<T>, description?: string): ExtensionPart<N, T | undefined, CookieConfig<T>> {
  return { kind: 'extension', ext: cookieExtension as ExtensionDescriptor<CookieConfig<T>, T | undefined, never>, key: name, config: { name, codec, ...(description === undefined ? {} : { description }) } };
}
