// Which recorded exchanges (api-check fixtures) each breaking change would fail: a case counts when
// its request reaches the changed endpoint of the old surface (through the one router) and uses
// the changed part: the parameter or header it sends, its body's media type, the status it expects.
import type { Surface } from '../../dsl/types.js';
import { checkSurface } from '../../dsl/check-surface.js';
import { Router } from '../../describe/router.js';
import type { Change } from './compare.js';
import { keyOf } from './contract.js';

/** One fixture case as the gate needs it (api-check's loader gives these). */
export interface FixtureCase {
  /** `test/fixtures/S2/hello-name.json`, with `/steps/2` for a scenario's step. */
  readonly label: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers?: Readonly<Record<string, unknown>>;
    readonly body?: unknown;
    readonly text?: string;
    readonly base64?: string;
  };
  readonly response: { readonly status: number };
}

/** A `${var}` segment (a value captured by an earlier step) stands for any value of its capture. */
const placeholder = (segment: string) => /\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(segment);

function queryNames(path: string): Set<string> {
  const q = path.indexOf('?');
  if (q < 0) return new Set();
  return new Set(path.slice(q + 1).split('&').map((kv) => decodeURIComponent(kv.split('=')[0]!.replace(/\+/g, ' ')).replace(/\[.*$/, '')));
}

function header(c: FixtureCase, name: string): unknown {
  const h = c.request.headers ?? {};
  const k = Object.keys(h).find((x) => x.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : h[k];
}

/** Whether a case sends a cookie of this name in its `Cookie` header. */
function hasCookie(c: FixtureCase, name: string): boolean {
  const h = header(c, 'cookie');
  return typeof h === 'string' && h.split(';').some((piece) => piece.trim().startsWith(`${name}=`));
}

const hasBody = (c: FixtureCase) => c.request.body !== undefined || c.request.text !== undefined || c.request.base64 !== undefined;

function uses(change: Change, c: FixtureCase): boolean {
  const s = change.scope;
  switch (s.part) {
    case 'endpoint': return true;
    case 'query': return queryNames(c.request.path).has(s.name) !== (s.absent === true);
    case 'header': return (header(c, s.name) !== undefined) !== (s.absent === true);
    case 'cookie': return hasCookie(c, s.name) !== (s.absent === true);
    case 'body': {
      if (!hasBody(c)) return false;
      if (s.media === undefined) return true;
      const type = header(c, 'content-type');
      // A fixture's JSON `body` is sent as JSON when it names no type.
      const media = typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : c.request.body !== undefined ? 'application/json' : '';
      return media === s.media;
    }
    case 'status': return c.response.status === s.status;
  }
}

/** For each breaking change (by index in `changes`), the labels of the cases it would fail. */
export function affectedFixtures(old: Surface, changes: readonly Change[], cases: readonly FixtureCase[]): Map<number, string[]> {
  const router = new Router(checkSurface(old));
  const reached = cases.flatMap((c) => {
    const m = router.route(c.request.method, c.request.path, { placeholder });
    return m.kind === 'match' ? [{ c, key: keyOf(m.endpoint) }] : [];
  });
  const out = new Map<number, string[]>();
  changes.forEach((change, i) => {
    if (change.verdict !== 'breaking') return;
    const labels = reached.filter((r) => r.key === change.key && uses(change, r.c)).map((r) => r.c.label);
    if (labels.length > 0) out.set(i, labels);
  });
  return out;
}
