// Server-side runtimes of extension descriptors: what an extension's pure read cannot decide (a
// password, a signed token) is verified here, with state built once per served surface.
import type { ExtensionPart } from '../dsl/types.js';
import type { ExtensionDescriptor, ExtensionRead } from '../dsl/extension.js';
import type { ServeEnv } from '../dsl/implement.js';
import { type UserDirectory, authExtension } from '../dsl/auth.js';
import type { RequestRecord } from './request.js';

export interface ExtensionRuntime {
  verify(part: ExtensionPart, claim: unknown, req: RequestRecord): ExtensionRead<unknown> | Promise<ExtensionRead<unknown>>;
}

/** What a server is given for its runtimes besides the serve environment. */
export interface RuntimeServices {
  /** The user directory Basic credentials are checked against (the auth runtime's). */
  readonly users?: UserDirectory | ((env: ServeEnv) => UserDirectory | Promise<UserDirectory>);
}

/** Builds an extension's runtime once per served surface (load a key, open the directory...). */
export type ExtensionFactory = (env: ServeEnv, services: RuntimeServices) => ExtensionRuntime | Promise<ExtensionRuntime>;

/**
 * The runtimes this server has, keyed by descriptor. Each is imported when a surface needs it:
 * serving a surface without `auth` never loads jose or the user store.
 */
const BUILT_IN: ReadonlyMap<ExtensionDescriptor, () => Promise<ExtensionFactory>> = new Map([
  [authExtension as ExtensionDescriptor, async () => (await import('./auth/runtime.js')).authRuntime],
]);

/** The factory of a descriptor's runtime; undefined when its read never needs one. */
export function runtimeFactory(descriptor: ExtensionDescriptor, extra?: ReadonlyMap<ExtensionDescriptor, ExtensionFactory>): Promise<ExtensionFactory> | undefined {
  const given = extra?.get(descriptor);
  if (given) return Promise.resolve(given);
  return BUILT_IN.get(descriptor)?.();
}
