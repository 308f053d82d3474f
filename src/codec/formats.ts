// The string formats of JSON Schema and OpenAPI api-serve asserts (`email`, `uuid`, `date-time`,
// ...), by name: each is one file in formats/ (its test, noun, examples and misses), written to the
// RFC it names, so a value is judged the same by the server, the client and the docs. Any other
// format only describes.
import { binary } from './formats/binary.js';
import { byte } from './formats/byte.js';
import { date } from './formats/date.js';
import { dateTime } from './formats/date-time.js';
import { duration } from './formats/duration.js';
import { email } from './formats/email.js';
import type { Format } from './formats/format.js';
import { hostname } from './formats/hostname.js';
import { idnEmail } from './formats/idn-email.js';
import { ipv4 } from './formats/ipv4.js';
import { ipv6 } from './formats/ipv6.js';
import { iri } from './formats/iri.js';
import { iriReference } from './formats/iri-reference.js';
import { jsonPointer } from './formats/json-pointer.js';
import { password } from './formats/password.js';
import { regex } from './formats/regex.js';
import { relativeJsonPointer } from './formats/relative-json-pointer.js';
import { time } from './formats/time.js';
import { uri } from './formats/uri.js';
import { uriReference } from './formats/uri-reference.js';
import { uriTemplate } from './formats/uri-template.js';
import { url } from './formats/url.js';
import { uuid } from './formats/uuid.js';

export type { Format } from './formats/format.js';

export type FormatName = 'date' | 'date-time' | 'time' | 'duration' | 'email' | 'idn-email' | 'uuid'
  | 'uri' | 'uri-reference' | 'iri' | 'iri-reference' | 'uri-template' | 'json-pointer' | 'relative-json-pointer'
  | 'url' | 'regex' | 'ipv4' | 'ipv6' | 'hostname' | 'byte' | 'binary' | 'password';

// `idn-hostname` is not here: IDNA 2008's tables (RFC 5892) are its whole meaning, so it describes.
export const FORMATS: Readonly<Record<FormatName, Format>> = {
  date,
  'date-time': dateTime,
  time,
  duration,
  email,
  'idn-email': idnEmail,
  uuid,
  uri,
  'uri-reference': uriReference,
  iri,
  'iri-reference': iriReference,
  'uri-template': uriTemplate,
  url,
  'json-pointer': jsonPointer,
  'relative-json-pointer': relativeJsonPointer,
  regex,
  ipv4,
  ipv6,
  hostname,
  byte,
  binary,
  password,
};

export const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);
