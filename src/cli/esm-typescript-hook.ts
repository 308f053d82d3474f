// A module loader hook (it runs on Node's loader thread, after tsx's own): a `.ts` file written as
// an ES module (import/export) is loaded as one even where its package.json says CommonJS.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Resolved { url: string; format?: string | null | undefined }
type NextResolve = (specifier: string, context: unknown) => Promise<Resolved>;

const ESM_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;

// decided (docs/decisions.md "Your own surfaces"): `npm init -y`
// writes `"type": "commonjs"`, so a new user's api.ts is CommonJS by the package rules. tsx's ES
// module hooks alone then fail on Node 20 (ERR_REQUIRE_CYCLE_MODULE), and with its CommonJS hooks
// too, every import from the file, api-serve included, loads a second copy compiled to CommonJS,
// whose HttpError the server would not recognise. Node 22 settles the same case by syntax
// ("module-typescript"); this does so on Node 20.
export async function resolve(specifier: string, context: unknown, next: NextResolve): Promise<Resolved> {
  const r = await next(specifier, context);
  // A query or fragment may follow the path: `--watch` loads each generation as `api.ts?api-serve-generation=N`.
  if (r.format !== 'commonjs' || !/^file:[^?#]*\.ts(?:[?#].*)?$/.test(r.url) || r.url.includes('/node_modules/')) return r;
  let text: string;
  try { text = readFileSync(fileURLToPath(r.url), 'utf8'); } catch { return r; }
  return ESM_SYNTAX.test(text) ? { ...r, format: 'module' } : r;
}
