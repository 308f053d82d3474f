// A request cookie as a typed, optional input (OpenAPI's `in: cookie` parameters): read from the
// `Cookie` header with the other headers, a value that does not decode is a 400 naming it.
import type { Codec } from '../codec/types.js';
import { withTextForm } from '../codec/text-form.js';
import type { RequiredOf } from './combinators.js';
import type { ExtensionDescriptor, ExtensionRead } from './extension.js';
import type { ExtensionPart } from './types.js';

export interface CookieConfig<T = unknown> {
  readonly name: string;
  readonly codec: Codec<T>;
  readonly description?: string;
  /** A request without it is a 400 naming it (with the other headers' errors). */
  readonly required?: true;
}

export interface CookieOptions {
  readonly description?: string;
  /** A request without it is a 400 naming it; the handler's input then has it (not `| undefined`). */
  readonly required?: boolean;
  /** The value is JSON text of the codec (OpenAPI `content: application/json`). */
  readonly json?: boolean;
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
    if (raw === undefined) {
      if (config.required !== true) return { ok: true, value: undefined };
      return { ok: false, failure: { combinator: 'Header', name: 'Cookie', message: `Error parsing cookie ${config.name} failed: required, not given`, constraint: 'required' } };
    }
    let text = raw;
    try { text = decodeURIComponent(raw); } catch { /* kept as sent: a cookie value need not be percent-encoded */ }
    const r = config.codec.parseText(text);
    if (r.ok) return { ok: true, value: r.value };
    return { ok: false, failure: { combinator: 'Header', name: 'Cookie', message: `Error parsing cookie ${config.name} failed: ${r.error}`, ...(r.constraint === undefined ? {} : { constraint: r.constraint }) } };
  },
  docs: (config) => ({
    kind: 'cookie', name: config.name, schema: config.codec.schema, label: config.codec.label,
    ...(config.description === undefined ? {} : { description: config.description }),
    ...(config.required === true ? { required: true } : {}),
    ...(config.codec.textForm === undefined ? {} : { form: config.codec.textForm.form }),
  }),
};

/**
 * A request cookie read as `codec`: `cookie('session', t.text)`, `cookie('session', t.text, 'why')`,
 * `cookie('session', t.text, { required: true })`; `undefined` when absent unless required.
 */
export function cookie<const N extends string, T, const O extends CookieOptions | string = string>(name: N, codec: Codec<T>, options?: O): ExtensionPart<N, RequiredOf<O> extends true ? T : T | undefined, CookieConfig<T>> {
  const o: CookieOptions = typeof options === 'string' ? { description: options } : options ?? {};
  const config: CookieConfig<T> = {
    name, codec: o.json === true ? withTextForm(codec, { style: 'json', explode: false, name }) : codec,
    ...(o.description === undefined ? {} : { description: o.description }),
    ...(o.required === true ? { required: true as const } : {}),
  };
  return { kind: 'extension', ext: cookieExtension as ExtensionDescriptor<CookieConfig<T>, RequiredOf<O> extends true ? T : T | undefined, never>, key: name, config };
}
