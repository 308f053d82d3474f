// What the "Done when" checks of the mock share (reference surfaces and corpus documents): generated
// requests, good and broken, sent to the predictor and to the mocked server over HTTP. A predicted
// refusal must be answered with exactly that status and message; a request that reaches the handler
// stage must get a declared response whose body its own codec accepts; every endpoint must answer.
import { walk, type EndpointInfo, type Surface } from '../../src/dsl/index.js';
import { predictor, type PredictOptions } from '../../src/describe/index.js';
import { mock } from '../../src/mock/index.js';
import { sendPredicted } from '../describe/live-exchange.js';
import { withServer } from '../helpers/server.js';
import { generateRequest, random } from '../describe/request-generator.js';
import { sample } from '../../src/codec/sample.js';
import type { Codec } from '../../src/codec/index.js';
import type { PredictedRequest } from '../../src/describe/index.js';

const goodText = (c: Codec<unknown>) => c.formatText(c.examples[0]?.value ?? sample(c));

/**
 * One request the endpoint should answer: captures, headers and body from their examples or
 * samples, and the demo user's Basic credentials (ignored where no auth is declared). The generator
 * alone may never build one (a GET with a body, a constrained capture).
 */
function goodRequest(e: EndpointInfo): PredictedRequest {
  const path = `/${e.segments.map((x) => (x.kind === 'static' ? encodeURIComponent(x.value) : x.kind === 'capture' ? encodeURIComponent(goodText(x.codec))
    : x.kind === 'mixed' ? encodeURIComponent(x.pieces.map((p) => (typeof p === 'string' ? p : goodText(p.codec))).join('')) : 'a.txt')).join('/')}`;
  const headers: Record<string, string> = { authorization: 'Basic dXNlcjpwYXNz' };
  for (const h of e.headers) headers[h.name.toLowerCase()] = goodText(h.codec);
  const b = e.body;
  if (!b) return { method: e.method, url: path, headers };
  const encoded = b.media[0]!.encode(b.examples[0]?.value ?? b.codec.examples[0]?.value ?? sample(b.codec), b.codec);
  headers['content-type'] = b.media[0]!.contentType;
  return { method: e.method, url: path, headers, body: typeof encoded === 'string' ? encoded : encoded.toString('utf8') };
}

/** Why a mocked answer does not conform to the endpoint's declared response, or undefined. */
export function nonConformance(e: EndpointInfo, method: string, live: { status: number; headers: Record<string, unknown>; text: string }): string | undefined {
  const spec = e.responses.find((r) => r.status === live.status);
  if (!spec) return `status ${live.status} is not declared (${e.responses.map((r) => r.status).join(', ')})`;
  if (!spec.content || method === 'HEAD') return undefined;
  const type = String(live.headers['content-type'] ?? '');
  const media = spec.content.media.find((m) => type === m.contentType);
  if (!media) return `Content-Type ${type} is none of ${spec.content.media.map((m) => m.contentType).join(', ')}`;
  if (media.name !== 'json') return undefined;
  const values = spec.stream ? live.text.split('\n').filter((l) => l !== '') : [live.text];
  for (const v of values) {
    const r = spec.content.codec.check(JSON.parse(v), '$');
    if (!r.ok) return `body ${v.slice(0, 80)}: ${r.path ?? '$'}: ${r.error}`;
  }
  return undefined;
}

export interface MockVersusPredictor {
  /** Each mismatch: a refusal other than predicted, a 5xx, or a non-conforming answer. */
  readonly problems: string[];
  /** Endpoints none of whose requests reached the mock's answer. */
  readonly unanswered: string[];
  /** Requests sent, and how many reached the mock's answer. */
  readonly sent: number;
  readonly answered: number;
}

/**
 * For each endpoint in turn, one good request (built from samples), then `perEndpoint` generated
 * ones aimed at it (many broken on purpose), each judged against the prediction.
 */
export async function mockVersusPredictor(surface: Surface, options: { readonly seed: number; readonly perEndpoint: number; readonly maxBody: number; readonly verify?: PredictOptions['verify'] }): Promise<MockVersusPredictor> {
  const predict = predictor(surface, { maxBody: options.maxBody, ...(options.verify ? { verify: options.verify } : {}) });
  const endpoints = walk(surface);
  const next = random(options.seed);
  const problems: string[] = [];
  const unanswered: string[] = [];
  let sent = 0;
  let answered = 0;
  await withServer(mock(surface), async (s) => {
    for (const target of endpoints) {
      let mine = 0;
      for (let i = 0; i <= options.perEndpoint; i++) {
        const req = i === 0 ? goodRequest(target) : generateRequest(next, [target], options.maxBody);
        const p = predict(req);
        const live = await sendPredicted(s.url, req);
        sent++;
        const what = `${surface.name} ${req.method} ${req.url}: predicted ${p.kind}${p.kind === 'handler' ? '' : ` ${p.status}`}, mocked ${live.status} ${live.text.slice(0, 100)}`;
        if (live.status >= 500) { problems.push(what); continue; }
        if (p.kind !== 'handler') {
          if (live.status !== p.status) problems.push(what);
          else if (req.method !== 'HEAD' && p.body !== undefined && live.text !== String(p.body)) problems.push(`${what}: message differs from ${JSON.stringify(String(p.body))}`);
          continue;
        }
        // A 401 after the description's checks is the user directory's verdict, not the mock's.
        if (live.status === 401) continue;
        const why = nonConformance(p.endpoint, req.method, live as never);
        if (why !== undefined) { problems.push(`${what}: ${why}`); continue; }
        answered++;
        if (p.endpoint.name === target.name && p.endpoint.method === target.method) mine++;
      }
      if (mine === 0) unanswered.push(`${target.method} ${target.path} (${target.name})`);
    }
  }, { maxBody: options.maxBody });
  return { problems, unanswered, sent, answered };
}
