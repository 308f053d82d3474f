// A document whose schemas ask for a check the codecs cannot make: refused by default, or with
// `--lenient` served with that check left out, said once per keyword.
import type { ImportWarning } from './warnings.js';
import { warningLine } from './warnings.js';
import { oneLine } from './source-text.js';

/** One keyword whose check is left out: its first use and how many there are. */
export interface WeakerCheck {
  readonly keyword: string;
  readonly first: ImportWarning;
  readonly uses: number;
}

/** The keywords a document's warnings say are checked more weakly, in the order first met. */
export function weakerChecks(warnings: readonly ImportWarning[]): WeakerCheck[] {
  const byKeyword = new Map<string, { first: ImportWarning; uses: number }>();
  for (const w of warnings) {
    if (w.weaker === undefined) continue;
    const seen = byKeyword.get(w.weaker);
    if (seen) seen.uses++;
    else byKeyword.set(w.weaker, { first: w, uses: 1 });
  }
  return [...byKeyword].map(([keyword, { first, uses }]) => ({ keyword, first, uses }));
}

const more = (c: WeakerCheck) => (c.uses > 1 ? ` (and ${c.uses - 1} more use${c.uses > 2 ? 's' : ''} of ${c.keyword})` : '');

/**
 * The stderr lines of a document's warnings, or the one-line refusal (no lines then).
 * decided (docs/openapi-in.md "Checks api-serve cannot make"): a weaker check is refused unless
 * lenient; lenient, each such keyword is one warning (its first place and how many more), every
 * other warning one line per place as before.
 */
export function documentWarnings(command: string, file: string, warnings: readonly ImportWarning[], lenient: boolean):
  { readonly refusal: string } | { readonly lines: readonly string[] } {
  const weaker = weakerChecks(warnings);
  if (!lenient && weaker.length > 0) {
    const c = weaker[0]!;
    const others = weaker.length > 1 ? `; ${weaker.length - 1} other keyword${weaker.length > 2 ? 's' : ''} too (${weaker.slice(1, 4).map((w) => w.keyword).join(', ')}${weaker.length > 4 ? ', ...' : ''})` : '';
    return { refusal: oneLine(`${file}#${c.first.pointer}: ${c.first.message}${more(c)}${others}; give --lenient to load the document with ${weaker.length > 1 ? 'these checks' : 'this check'} left out`) };
  }
  const lines: string[] = [];
  const said = new Set<string>();
  for (const w of warnings) {
    if (w.weaker === undefined) { lines.push(warningLine(command, file, w)); continue; }
    if (said.has(w.weaker)) continue;
    said.add(w.weaker);
    const c = weaker.find((x) => x.keyword === w.weaker)!;
    lines.push(warningLine(command, file, { pointer: w.pointer, message: `${w.message}${more(c)}` }));
  }
  return { lines };
}
