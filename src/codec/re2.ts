// RE2 (re2js), the engine every schema pattern runs on in time linear in its input: the one
// module that imports it (pattern.ts runs a pattern whole, pattern-lookaround.ts in pieces).
import { RE2JS } from 're2js';

/** A compiled RE2 program. */
export type Re2 = RE2JS;

/** RE2 from a source already in its syntax (`re2Syntax`); throws at RE2's own limits (a count above 1000). */
export const compileRe2 = (re2Source: string): Re2 => RE2JS.compile(re2Source);
