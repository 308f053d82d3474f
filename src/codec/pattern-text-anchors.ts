// The text anchors of Perl, PCRE, Java, Python and Ruby (`\A` the start of the text, `\z` and `\Z`
// its end), as in linode's `\A(\*\.)?([a-zA-Z0-9-_]{1,63}\.)+...\Z`: ECMAScript's Unicode mode
// refuses them and without the `u` flag reads the letters `A` and `Z`, surely not what was meant.
// Rewritten `^` and `$`, which mean the same in a pattern matched without the `m` flag.
// decided: docs/openapi-in.md "Patterns" (read as the anchors, with a warning, never as the letters;
// `\Z` as the very end, as Python reads it, not before a final newline as PCRE does).

/** A source with its text anchors rewritten, and the anchors so read (as written). */
export interface TextAnchors {
  readonly source: string;
  readonly read: readonly string[];
}

const ANCHOR: Readonly<Record<string, string>> = { A: '^', z: '$', Z: '$' };

/** The source with each `\A`, `\z` and `\Z` outside a class rewritten; undefined when it has none. */
export function textAnchorsSource(source: string): TextAnchors | undefined {
  let out = '';
  const read: string[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[i + 1] ?? '';
      const anchor = Object.hasOwn(ANCHOR, n) ? ANCHOR[n] : undefined;
      if (anchor !== undefined) read.push(`\\${n}`);
      // Any other escape is copied whole, so an escaped backslash before `A` is no anchor.
      out += anchor ?? source.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === '[') {
      // A class is copied as written: an anchor means nothing inside one.
      let j = i + 1;
      if (source[j] === '^') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j;
      continue;
    }
    out += c;
  }
  return read.length === 0 ? undefined : { source: out, read };
}
