// Server-side interpreters of extension parts (authentication, pagination...): each decodes its
// part from the request at its stage of the error order, and may add headers to the reply.
import type { ExtensionPart, EndpointInfo } from '../dsl/types.js';
import type { ServeEnv } from '../dsl/implement.js';
import type { HttpError, Reply } from '../dsl/reply.js';
import type { ParseFailure } from '../dsl/formatters.js';
import type { RequestRecord } from './request.js';
import { authExtension } from './auth/extension.js';
import { rangeExtension } from './range.js';

export type ExtensionOutcome =
  | { readonly ok: true; readonly value: unknown; readonly headers?: Readonly<Record<string, string | readonly string[]>> }
  | { readonly ok: false; readonly error: HttpError | Reply }
  /** A header that does not parse: answered through the surface's header-parse formatter. */
  | { readonly ok: false; readonly failure: ParseFailure };

export interface ExtensionRuntime {
  /** `auth` runs after the method check (401); `header` with the other headers (400). */
  readonly stage: 'auth' | 'header';
  decode(part: ExtensionPart, req: RequestRecord, endpoint: EndpointInfo): ExtensionOutcome | Promise<ExtensionOutcome>;
}

/** Builds an extension's runtime once per served surface (open a user store, load a key...). */
export type ExtensionFactory = (env: ServeEnv) => ExtensionRuntime | Promise<ExtensionRuntime>;

/** The extensions this server understands, by the `ext` name of their parts. */
const BUILT_IN: Readonly<Record<string, ExtensionFactory>> = {
  auth: authExtension,
  range: rangeExtension,
};

export function extensionFactory(name: string): ExtensionFactory | undefined {
  return Object.hasOwn(BUILT_IN, name) ? BUILT_IN[name] : undefined;
}
