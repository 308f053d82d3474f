// The `Prefer` request header (RFC 7240) as the mock reads it, with Prism's preferences:
// `code=404`, `example=NAME`, `dynamic=true`. Unknown preferences are ignored, as the RFC says.
import type { Example } from '../codec/types.js';

export interface MockPreferences {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
}

export type PreferRead = { readonly ok: true; readonly value: MockPreferences } | { readonly ok: false; readonly error: string };

/** `token=value` or `token="quoted value"`, each preference separated by `,` (parameters by `;`). */
export function readPrefer(header: string | string[] | undefined): PreferRead {
  if (header === undefined) return { ok: true, value: {} };
  const text = Array.isArray(header) ? header.join(', ') : header;
  const out: { code?: number; example?: string; dynamic?: boolean } = {};
  for (const item of text.split(',')) {
    // A preference's own parameters (after `;`) change nothing the mock reads.
    const pref = item.split(';')[0]!.trim();
    if (pref === '') continue;
    const eq = pref.indexOf('=');
    const name = (eq < 0 ? pref : pref.slice(0, eq)).trim().toLowerCase();
    let value = eq < 0 ? '' : pref.slice(eq + 1).trim();
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"')) return { ok: false, error: `Prefer ${name}: an unterminated quoted value` };
      value = value.slice(1, -1);
    }
    switch (name) {
      case 'code':
        if (!/^[1-5]\d\d$/.test(value)) return { ok: false, error: `Prefer code=${value || '(nothing)'} is not a status code (100 to 599)` };
        out.code ??= Number(value);
        break;
      case 'example':
        if (value === '') return { ok: false, error: 'Prefer example= names no example' };
        out.example ??= value;
        break;
      case 'dynamic':
        if (value !== 'true' && value !== 'false') return { ok: false, error: `Prefer dynamic=${value || '(nothing)'} is not true or false` };
        out.dynamic ??= value === 'true';
        break;
      default: break;
    }
  }
  return { ok: true, value: out };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The example `example=NAME` names: by the document's own key (`Bank`) or its title (the summary),
 * exactly or by slug (`a-bank-account`); undefined when none is called so.
 */
export function chooseExample<T>(examples: readonly Example<T>[], name: string): Example<T> | undefined {
  const names = (x: Example<T>) => [x.key, x.title].filter((n): n is string => n !== undefined);
  return examples.find((x) => names(x).includes(name)) ?? examples.find((x) => names(x).some((n) => slug(n) === slug(name)));
}

/** The examples' names as a 422 lists them: each one's key and title. */
export const exampleNames = (examples: readonly Example<unknown>[]): string =>
  examples.map((x) => [x.key, x.title].filter((n) => n !== undefined).map((n) => JSON.stringify(n)).join(' / ') || '(untitled)').join(', ') || 'none';
