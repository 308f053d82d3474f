// One document measured in its own process (so a time bound can end it): `--side api-serve` loads it
// with api-serve's loader, serves `mock(surface)` on port 0 and sends it the planned requests over
// HTTP; `--side prism` gives the same requests to @stoplight/prism-http in-process. Both answers are
// judged by ajv against the document. Prints one JSON line; `--ts DIR` also writes the import module.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { judgeDocument } from './judge-document.mjs';
import { requestPlans } from './request-plans.mjs';
import { judgeAnswer } from './judge-response.mjs';

const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1]; };
const file = args[0];
const side = opt('--side') ?? 'api-serve';
const tsOut = opt('--ts');
const cap = Number(opt('--cap') ?? 30);

const firstLine = (err) => String(err?.message ?? err).split('\n').map((l) => l.trim()).find((l) => l !== '') ?? String(err);
const queryString = (pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`);

/** api-serve: start-up (load, import, mock, listen) and a sender over HTTP. */
async function startApiServe() {
  const { loadDocument, importSurface, surfaceSource } = await import('../../src/openapi/index.js');
  const { mock } = await import('../../src/mock/index.js');
  const { serve } = await import('../../src/server/index.js');
  const t0 = performance.now();
  const loaded = await loadDocument(file);
  const imported = importSurface(loaded, 'doc');
  // Made once the document is read, so a document that does not load leaves no folder behind.
  const dataDir = mkdtempSync(join(tmpdir(), 'api-serve-measure-'));
  let served;
  try { served = await serve(mock(imported.surface), { port: 0, log: () => {}, dataDir }); } catch (err) { rmSync(dataDir, { recursive: true, force: true }); throw err; }
  const startupMs = performance.now() - t0;
  const extra = { warnings: imported.warnings.length, ...(loaded.converted ? { converted: loaded.converted.from } : {}) };
  if (tsOut) {
    try { writeFileSync(tsOut, surfaceSource(imported, { file: basename(file), command: 'api-serve' })); extra.importWritten = true; } catch (err) { extra.importError = firstLine(err); }
  }
  const base = `http://127.0.0.1:${served.port}`;
  const send = async (req) => {
    const r = await request(base + req.path + queryString(req.query), { method: req.method, headers: req.headers, headersTimeout: 5000, bodyTimeout: 5000, ...(req.body === undefined ? {} : { body: req.body }) });
    const text = await r.body.text();
    const ct = r.headers['content-type'];
    return { status: r.statusCode, contentType: Array.isArray(ct) ? ct[0] : ct, text };
  };
  const close = async () => { await served.close(); rmSync(dataDir, { recursive: true, force: true }); };
  return { startupMs, send, close, extra };
}

/**
 * Prism's answer body as its HTTP server would write it: values of a JSON media type serialized as
 * JSON (a string too, unless it already is JSON text), other strings as they are.
 */
function bodyText(body, contentType) {
  if (body === undefined || body === null && contentType === undefined) return '';
  if (typeof body === 'string') {
    if (!/json/i.test(contentType ?? '')) return body;
    try { JSON.parse(body); return body; } catch { return JSON.stringify(body); }
  }
  return JSON.stringify(body);
}

/** Prism as `prism mock` configures it (static examples, request and security checks), in-process. */
async function startPrism() {
  const require = createRequire(import.meta.url);
  const prism = require('@stoplight/prism-http');
  const { isRight } = require('fp-ts/lib/Either');
  const logger = new Proxy({}, { get: (_, k) => (k === 'child' ? () => logger : () => {}) });
  const t0 = performance.now();
  const operations = await prism.getHttpOperationsFromSpec(file);
  const instance = prism.createInstance({ mock: { dynamic: false }, checkSecurity: true, validateRequest: true, validateResponse: true, errors: false, upstreamProxy: undefined, isProxy: false }, { logger });
  const startupMs = performance.now() - t0;
  const send = async (req) => {
    const query = {};
    // One value as a string, repeated ones as a list (as prism's HTTP server parses a query).
    for (const [k, v] of req.query) query[k] = k in query ? [query[k]].flat().concat(v) : v;
    let body = req.body;
    if (body !== undefined) { try { body = JSON.parse(body); } catch { /* sent as text */ } }
    const result = await instance.request({ method: req.method.toLowerCase(), url: { path: req.path, query }, headers: req.headers, ...(body === undefined ? {} : { body }) }, operations)();
    if (isRight(result)) {
      const out = result.right.output;
      const headers = Object.fromEntries(Object.entries(out.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const text = bodyText(out.body, headers['content-type']);
      // Why prism refused a request (its HTTP server logs it): the first input violation.
      const v = result.right.validations?.input?.[0];
      return { status: out.statusCode, contentType: headers['content-type'], text, ...(v && out.statusCode >= 400 ? { why: `prism: ${(v.path ?? []).join('.')}: ${v.message}` } : {}) };
    }
    // As prism's HTTP server answers an error result: its status, a problem+json body.
    const e = result.left;
    const v = e.additional?.validation?.[0];
    return { status: e.status ?? 500, contentType: 'application/problem+json', text: JSON.stringify({ type: e.name, title: e.message, status: e.status ?? 500, detail: e.detail ?? '' }), why: v ? `prism: ${(v.location ?? []).join('.')}: ${v.message}` : `prism: ${e.message} ${e.detail ?? ''}` };
  };
  return { startupMs, send, close: async () => {}, extra: {} };
}

async function main() {
  const row = { side, file };
  let server;
  try {
    server = side === 'prism' ? await startPrism() : await startApiServe();
    row.started = true;
    row.startupMs = server.startupMs;
    Object.assign(row, server.extra);
    // Said at once: a run ended by the time bound after this still counts as started.
    process.stdout.write(`${JSON.stringify({ event: 'started', ...row })}\n`);
  } catch (err) {
    row.started = false;
    row.startError = firstLine(err);
    if (tsOut && side === 'api-serve') row.importError = `not written: ${row.startError}`;
    return row;
  }
  try {
    let judge;
    try { judge = await judgeDocument(file); } catch (err) { row.judgeError = firstLine(err); return row; }
    const plans = requestPlans(judge.doc, judge, cap);
    row.operations = plans.length;
    row.valid = [];
    row.invalid = [];
    row.skipped = plans.filter((p) => p.skipped).map((p) => ({ op: p.name, reason: p.skipped }));
    for (const plan of plans) {
      if (!plan.valid) continue;
      const t = performance.now();
      let answer;
      try { answer = await server.send(plan.valid); } catch (err) { answer = { status: 0, text: '', error: firstLine(err) }; }
      const latencyMs = performance.now() - t;
      const verdict = answer.status === 0 ? { declared: false, reason: `no answer: ${answer.error}`, bodyJudged: false, bodyValid: false } : judgeAnswer(judge.doc, judge, plan, answer);
      row.valid.push({ op: plan.name, status: answer.status, latencyMs, ...verdict, ...(verdict.declared && (!verdict.bodyJudged || verdict.bodyValid) ? {} : { answer: answer.text.slice(0, 200), ...(answer.why ? { why: answer.why.slice(0, 200) } : {}) }) });
      for (const bad of plan.invalid) {
        let status = 0;
        let text = '';
        try { const a = await server.send(bad.request); status = a.status; text = a.text; } catch (err) { text = firstLine(err); }
        row.invalid.push({ op: plan.name, kind: bad.kind, what: bad.what, status, refused: status >= 400 && status < 500, ...(status >= 400 && status < 500 ? {} : { answer: text.slice(0, 200) }) });
      }
    }
  } finally {
    await server.close();
  }
  return row;
}

const row = await main().catch((err) => ({ side, file, started: false, startError: `measure crashed: ${firstLine(err)}` }));
process.stdout.write(`${JSON.stringify(row)}\n`);
process.exit(0);
