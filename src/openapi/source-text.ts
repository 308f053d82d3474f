// Document text in the TypeScript source `api-serve import` writes: every string goes through one
// literal encoder and every comment through one comment encoder, so no text of an untrusted
// document can end a string or a comment and become code (DESIGN.md section 7).

// decided (docs/decisions.md "imported text is never code"): strings keep every code unit (escaped
// where invisible), comments and warning lines show line breaks as spaces; no size limit applies.
/**
 * What is shown as an escape wherever document text is written: C0/C1 controls, U+2028/U+2029 (they
 * end a `//` comment), lone surrogates, and format characters (bidi overrides make source read
 * unlike it runs, "Trojan Source").
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** Every ECMAScript line terminator: what ends a `//` comment. */
const LINE_TERMINATOR = /\r\n|[\n\r\u2028\u2029]/g;

const escape = (c: string): string => {
  const code = c.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** A string as a double-quoted literal that means exactly it, whatever its code units. */
export function stringLiteral(s: string): string {
  // JSON.stringify escapes quotes, backslashes, C0 controls and lone surrogates; the rest of
  // INVISIBLE is left raw by it, and U+2028/U+2029 end a line for pre-2019 parsers and editors.
  return JSON.stringify(s).replace(INVISIBLE, escape);
}

/** Text as one visible line: line breaks as spaces, the other invisible characters escaped. */
export const oneLine = (text: string): string => text.replace(LINE_TERMINATOR, ' ').replace(INVISIBLE, escape);

/** A `//` comment line saying `text`; a block comment's end mark is broken too, should the line ever land in one. */
export const comment = (text: string, indent = ''): string => `${indent}// ${oneLine(text).replaceAll('*/', '*\\/')}\n`;

/** Keys written bare: ASCII identifier names (reserved words are fine as property names). */
const BARE_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * An object literal's key: bare when it is an identifier name, quoted otherwise; `__proto__` is a
 * computed key, since bare or quoted it would set the object's prototype instead of a property.
 */
export const propertyKey = (k: string): string => (k === '__proto__' ? `[${stringLiteral(k)}]` : BARE_KEY.test(k) ? k : stringLiteral(k));

/** A JSON value (as YAML loads it: non-finite numbers too) as a TypeScript literal: `{ name: "Rex", tags: [] }`. */
export function literal(v: unknown): string {
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'string': return stringLiteral(v);
    case 'boolean': return String(v);
    case 'bigint': return `${v}n`;
    // String(-0) is "0"; YAML's .inf and .nan are numbers JSON cannot say.
    case 'number': return Object.is(v, -0) ? '-0' : String(v);
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      return entries.length === 0 ? '{}' : `{ ${entries.map(([k, x]) => `${propertyKey(k)}: ${literal(x)}`).join(', ')} }`;
    }
    case 'function': case 'symbol': throw new TypeError(`a ${typeof v} has no literal`);
  }
}

/** Words a `const` may not be named (strict mode, modules), and globals whose shadowing would mislead. */
const RESERVED_WORDS = new Set([
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import', 'in', 'instanceof', 'interface',
  'let', 'new', 'null', 'package', 'private', 'protected', 'public', 'return', 'static', 'super', 'switch', 'this', 'throw',
  'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity', 'globalThis',
]);

/** What every `bindingName` begins with, and so no `identifier` does. */
const BINDING = 'self_';

/**
 * A `const` name from document text (`pet-list` -> `pet_list`, `2fa` -> `_2fa`, `class` -> `class_`,
 * `self_x` -> `_self_x`): never a reserved word, and never a `bindingName` that could shadow it.
 */
export function identifier(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_]/g, '_');
  const name = /^[A-Za-z_]/.test(cleaned) && !cleaned.startsWith(BINDING) ? cleaned : `_${cleaned}`;
  return RESERVED_WORDS.has(name) ? `${name}_` : name;
}

/**
 * The parameter a recursive codec's builder binds its self-reference to: `self_` and the text, its
 * characters outside `[A-Za-z0-9_]` as `$hex$`, so two texts never share one (`a-b` ->
 * `self_a$2d$b`, `a_b` -> `self_a_b`) and a nested binding never shadows another.
 */
export const bindingName = (text: string): string =>
  `${BINDING}${text.replace(/[^A-Za-z0-9_]/gu, (c) => `$${c.codePointAt(0)!.toString(16)}$`)}`;

/**
 * The code of written source, its string literals emptied and its comments dropped: what names are
 * looked for in. A linear scan: a backtracking pattern overflows the stack on a string of megabytes.
 */
export function codeOf(source: string): string {
  const kept: string[] = [];
  let from = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '"' || c === "'") {
      kept.push(source.slice(from, i), c + c);
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
      from = ++i;
    } else if (c === '/' && source[i + 1] === '/') {
      kept.push(source.slice(from, i));
      i = source.indexOf('\n', i);
      if (i < 0) i = source.length;
      from = i;
    } else i++;
  }
  kept.push(source.slice(from));
  return kept.join('');
}
