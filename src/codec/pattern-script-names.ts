// A bare property escape naming a Unicode script (`\p{Han}`, `\P{Greek}`): ECMAScript's Unicode
// mode refuses it (bare names there are General_Category values and binary properties only), and
// without the `u` flag it is the letters `p{Han}`, surely not what was meant; RE2, PCRE, Java and
// Perl read it as the script. Rewritten `\p{Script=Han}`, which Unicode mode reads so.
// decided: docs/openapi-in.md "Patterns" (read as the script, with a warning, never as the letters).

/** Whether Unicode mode accepts `body` as a property escape's body (`L`, `Script=Han`). */
function valid(body: string): boolean {
  try {
    // eslint-disable-next-line no-new -- the engine's own list of names decides
    new RegExp(`\\p{${body}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** A source with its bare script names rewritten, and the escapes so read (as written). */
export interface ScriptNames {
  readonly source: string;
  readonly read: readonly string[];
}

/**
 * The source with each `\p{X}` / `\P{X}` whose X is no bare name in Unicode mode but a Script
 * value written `\p{Script=X}`; undefined when it has none (then nothing is read otherwise).
 */
export function scriptNamesSource(source: string): ScriptNames | undefined {
  let out = '';
  const read: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const m = /^\\([pP])\{([A-Za-z_]+)\}/.exec(source.slice(i, i + 64));
    if (m !== null && !valid(m[2]!) && valid(`Script=${m[2]!}`)) {
      out += `\\${m[1]!}{Script=${m[2]!}}`;
      read.push(m[0]);
      i += m[0].length - 1;
      continue;
    }
    // Any other escape is copied whole, so an escaped backslash before `p{` is no escape of `p`.
    out += source.slice(i, i + 2);
    i++;
  }
  return read.length === 0 ? undefined : { source: out, read };
}
