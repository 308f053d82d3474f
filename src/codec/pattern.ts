// The one matcher of schema patterns (`pattern`, `patternProperties`): ECMAScript syntax as JSON
// Schema reads it, run by RE2 (re2.ts) in time linear in the input, so no value can make it backtrack.
import { compileRe2 } from './re2.js';
import { re2Syntax } from './pattern-syntax.js';
import { type Matcher, splitPattern } from './pattern-lookaround.js';
import { unicodeModeSource } from './pattern-annex-b.js';
import { scriptNamesSource } from './pattern-script-names.js';
import { textAnchorsSource } from './pattern-text-anchors.js';

/** A compiled schema pattern: `test` searches anywhere in the text (JSON Schema's rule). */
export interface Pattern {
  readonly source: string;
  test(text: string): boolean;
}

/**
 * A RegExp (generators such as fast-check's `stringMatching` read its source) whose matching runs
 * on RE2: `test`, and `exec` with every String method built on it. Never backtracks.
 */
export class LinearRegExp extends RegExp implements Pattern {
  // Derived RegExps (`split`) would call this constructor with other arguments.
  static override get [Symbol.species](): RegExpConstructor { return RegExp; }
  readonly #re2: Matcher | undefined;
  readonly #drawFrom: RegExp | undefined;

  /** `re2` undefined: a pattern refused when the surface loads, which matches nothing until then. */
  constructor(source: string, re2: Matcher | undefined, drawFrom?: string) {
    super(source, 'u');
    this.#re2 = re2;
    this.#drawFrom = drawFrom === undefined ? undefined : new RegExp(drawFrom, 'u');
  }

  /**
   * What generators draw texts from (then keep those `test` accepts): the pattern itself, or for
   * one split into pieces (a lookahead), a source without lookaround. Never run on a request.
   */
  get drawFrom(): RegExp {
    return this.#drawFrom ?? this;
  }

  override test(text: string): boolean {
    return this.#re2 !== undefined && this.#re2.test(String(text));
  }

  /** A pattern split into pieces (`splitPattern`) reports the whole match only, without groups. */
  override exec(text: string): RegExpExecArray | null {
    // Named groups are captured by number only (RE2's names are narrower than ECMAScript's).
    return (this.#re2?.exec(String(text)) ?? null) as RegExpExecArray | null;
  }
}

/** A pattern compiled, or why it cannot run (`invalid`: not an ECMAScript regular expression at all). */
type Compiled =
  | { readonly ok: true; readonly pattern: LinearRegExp }
  | { readonly ok: false; readonly invalid: boolean; readonly problem: string; readonly refused: LinearRegExp | undefined };

/** Patterns come from loaded surfaces and documents; the bound only stops a reloading process growing forever. */
const CACHE_LIMIT = 10_000;
const cache = new Map<string, Compiled>();
/**
 * How a source valid only outside Unicode mode is read: `annexB` as ECMAScript reads it there
 * (pattern-annex-b.ts), `scripts` the bare script names read as scripts (pattern-script-names.ts),
 * `anchors` the text anchors read as `^` and `$` (pattern-text-anchors.ts).
 */
export interface LegacyReading {
  readonly annexB: boolean;
  readonly scripts: readonly string[];
  readonly anchors: readonly string[];
}

/** Sources read outside Unicode mode, for the importer's warning. */
const legacy = new Map<string, LegacyReading>();

const unicodeMode = (source: string): boolean => {
  try {
    // eslint-disable-next-line no-new -- a syntax check
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
};

function compile(given: string): Compiled {
  const quoted = `pattern ${JSON.stringify(given)}`;
  let source = given;
  // JSON Schema patterns are ECMAScript regular expressions (Unicode mode): that decides validity.
  if (!unicodeMode(source)) {
    // Text anchors (`\A`, `\Z`) are read as `^` and `$` (pattern-text-anchors.ts), a bare script
    // name (`\p{Han}`) as the script (pattern-script-names.ts); what else is valid only outside
    // Unicode mode (`\_`, `{1-70}`) as ECMAScript reads it there (pattern-annex-b.ts).
    const anchors = textAnchorsSource(source);
    const anchored = anchors?.source ?? source;
    const scripts = unicodeMode(anchored) ? undefined : scriptNamesSource(anchored);
    const read = scripts?.source ?? anchored;
    const annexB = !unicodeMode(read);
    const rewritten = annexB ? unicodeModeSource(read, scripts !== undefined) : read;
    if (rewritten === undefined) return { ok: false, invalid: true, problem: `${quoted} is not a valid regular expression`, refused: undefined };
    source = rewritten;
    legacy.set(given, { annexB, scripts: scripts?.read ?? [], anchors: anchors?.read ?? [] });
  }
  const refused = (problem: string): Compiled => ({ ok: false, invalid: false, problem, refused: new LinearRegExp(source, undefined) });
  const syntax = re2Syntax(source);
  let limit: unknown;
  if (syntax.ok) {
    try {
      return { ok: true, pattern: new LinearRegExp(source, compileRe2(syntax.source)) };
    } catch (e) {
      limit = e;
    }
  }
  // What RE2 cannot run as one piece it may run as several (a lookahead at the start, a count above 1000).
  const split = splitPattern(source);
  if (split !== undefined) return { ok: true, pattern: new LinearRegExp(source, split.matcher, split.drawFrom) };
  if (!syntax.ok) {
    return refused(syntax.why === 'backtracking'
      ? `${quoted} cannot be matched in linear time (it uses ${syntax.what}; backreferences and lookaround are not supported)`
      : `${quoted} uses ${syntax.what}, which the linear-time matcher does not support`);
  }
  // RE2's own limits, such as a repetition count above 1000.
  return refused(`${quoted} is not supported by the linear-time matcher (${limit instanceof Error ? limit.message : String(limit)})`);
}

function compiled(source: string): Compiled {
  let c = cache.get(source);
  if (c === undefined) {
    if (cache.size >= CACHE_LIMIT) { cache.clear(); legacy.clear(); }
    c = compile(source);
    cache.set(source, c);
  }
  return c;
}

/**
 * A pattern as JSON Schema reads it (ECMAScript, Unicode mode), matched in linear time; undefined
 * if it is not a regular expression. One that cannot run in linear time (a backreference, a
 * lookahead after the start) is refused when the surface loads (`patternProblem`); until then it
 * matches nothing.
 */
export function compilePattern(source: string): LinearRegExp | undefined {
  const c = compiled(source);
  return c.ok ? c.pattern : c.refused;
}

/** Why a pattern cannot be used (`pattern "(a)\\1" cannot be matched in linear time ...`), if it cannot. */
export function patternProblem(source: string): string | undefined {
  const c = compiled(source);
  return c.ok ? undefined : c.problem;
}

/**
 * Whether a pattern is an ECMAScript regular expression only outside Unicode mode, and so read as
 * ECMAScript reads it there (an escaped punctuation character, a brace that is no count: itself),
 * or with its bare script names (`\p{Han}`) read as scripts.
 */
export function outsideUnicodeMode(source: string): boolean {
  return legacyReading(source) !== undefined;
}

/** How a pattern valid only outside Unicode mode is read, for the importer's warning; undefined for any other. */
export function legacyReading(source: string): LegacyReading | undefined {
  compiled(source);
  return legacy.get(source);
}

/** What generators draw texts matching `re` from; they keep only the texts `re.test` accepts. */
export const drawSource = (re: RegExp): RegExp => (re instanceof LinearRegExp ? re.drawFrom : re);

/** A pattern that matches nothing: the stand-in for one that is not a regular expression. */
export const NEVER: LinearRegExp = new LinearRegExp('[]', undefined);
