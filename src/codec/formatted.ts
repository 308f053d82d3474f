// Codecs named by an OpenAPI format: sized integers and the string formats (`t.email`, `t.uuid`).
import { constrain } from './constraints.js';
import { int, text } from './scalars.js';
import type { Codec } from './types.js';
import type { FormatName } from './formats.js';

const INT32 = 2 ** 31;

/** A 32-bit signed integer (`format: int32`). */
export const int32: Codec<number> = { ...constrain(int, { minimum: -INT32, maximum: INT32 - 1 }), label: 'int32' };
(int32.schema as Record<string, unknown>).format = 'int32';

/**
 * A 64-bit integer (`format: int64`), within what a JSON number carries exactly: decided, values
 * beyond +-(2^53 - 1) are refused rather than rounded (docs/decisions.md "Codecs").
 */
export const int64: Codec<number> = { ...constrain(int, { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }), label: 'int64' };
(int64.schema as Record<string, unknown>).format = 'int64';

const formatted = (format: FormatName, label: string): Codec<string> =>
  ({ ...constrain(text, { format }), label });

export const dateTime = formatted('date-time', 'date-time');
export const time = formatted('time', 'time');
export const email = formatted('email', 'email address');
export const uuid = formatted('uuid', 'UUID');
export const uri = formatted('uri', 'URI');
export const ipv4 = formatted('ipv4', 'IPv4 address');
export const ipv6 = formatted('ipv6', 'IPv6 address');
export const hostname = formatted('hostname', 'host name');
/** Base64 text (`format: byte`), kept as its text. */
export const byte = formatted('byte', 'base64 text');
/** Any text, documented as `format: binary` (a file's content in a form). */
export const binary = formatted('binary', 'binary text');
/** Any text, documented as `format: password` (tools mask it). */
export const password = formatted('password', 'password');
