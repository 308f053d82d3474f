// Scenario variables: `${name}` in a later step's request (and expectations) stands for a value
// an earlier step captured from its response.

export type Vars = ReadonlyMap<string, unknown>;

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WHOLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The variable names a string refers to. */
export function refsIn(text: string): string[] {
  return [...text.matchAll(REF)].map((m) => m[1]!);
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Replaces `${name}` in a string (unknown names stay as written). */
export function fillText(text: string, vars: Vars): string {
  return text.replace(REF, (all, name: string) => (vars.has(name) ? asText(vars.get(name)) : all));
}

/**
 * Replaces `${name}` throughout a JSON value. A string that is exactly `${name}` takes the
 * captured value with its JSON type (`"${id}"` becomes the number 3), so bodies stay typed.
 */
export function fillJson(value: unknown, vars: Vars): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole && vars.has(whole[1]!)) return vars.get(whole[1]!);
    return fillText(value, vars);
  }
  if (Array.isArray(value)) return value.map((v) => fillJson(v, vars));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillJson(v, vars)]));
  }
  return value;
}

/** Every `${name}` in a JSON value, with the pointer of the string that holds it. */
export function refsInJson(value: unknown, pointer: string, out: { name: string; pointer: string }[] = []): { name: string; pointer: string }[] {
  if (typeof value === 'string') for (const name of refsIn(value)) out.push({ name, pointer });
  else if (Array.isArray(value)) value.forEach((v, i) => refsInJson(v, `${pointer}/${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) refsInJson(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
}
