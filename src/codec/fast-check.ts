// fast-check enters here, and only here: the generators (arbitrary.ts, format-arbitrary.ts) and
// everything else that draws values get `fc` from this module (or from arbitrary.ts, which re-exports it).
import fc from 'fast-check';

export { fc };
