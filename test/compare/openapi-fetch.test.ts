// api-serve's client against openapi-fetch (with openapi-typescript's types) on the shared OpenAPI
// corpus: which requests each encodes right, which mistakes each one's types reject, and what
// each does with an answer the document does not promise. Prints the table docs/client.md
// "Against openapi-fetch" quotes; rerun with
//   NO_COLOR=1 node --import tsx node_modules/uvu/bin.js test 'compare/openapi-fetch\.test\.ts$'
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, spawnServe, type Spawned } from '../helpers/cli.js';
import { importProject } from '../helpers/import-project.js';
import { type CorpusDocument, corpus } from './corpus.js';
import { type Plan, plansOf } from './plans.js';
import { capturing, replayTo } from './capture-fetch.js';
import { apiServeClient, importDocument } from './api-serve-side.js';
import { openapiFetchClient } from './openapi-fetch-side.js';
import { writeOpenapiTypes } from './openapi-types.js';
import { MISTAKE_KINDS, type MistakeKind, type TypeCheck, compile, writeMistakes } from './mistakes.js';
import { DEFAULT_TEAPOT, TEAPOT, handling, refusedAnswer } from './answers.js';
import { CLIENTS, type Client, type Count, type DocumentResult, type Handling, mistakesTable, resultsTable } from './table.js';
import type { Outcome } from './outcome.js';
import { EXACT, type ExactCase } from './exact-cases.js';

const s = suite('api-serve/client against openapi-fetch');

/** The statuses that say the judge could not read the request as the document describes it. */
const REFUSED = new Set([400, 404, 405, 415]);

interface Sent { readonly client: Client; readonly plan: Plan; readonly outcome: Outcome; readonly status?: number; readonly sentCount: number; readonly answer?: string }

const state = {
  docs: [] as CorpusDocument[],
  results: [] as DocumentResult[],
  sent: [] as Sent[],
  checks: new Map<string, TypeCheck>(),
  errors: new Map<string, string[]>(),
  exact: [] as { case: ExactCase; client: Client; target: string; body: string | undefined; contentType: string | undefined; ok: boolean }[],
  /** The judge's status for openapi-fetch's form request once the caller names the Content-Type itself. */
  formWithContentType: undefined as number | undefined,
  answers: [] as { doc: string; client: Client; what: 'undeclared' | 'underDefault' | 'refusedBody'; op: string; outcome: Outcome }[],
};

const pairOf = <T>(make: () => T): Record<Client, T> => ({ 'api-serve': make(), 'openapi-fetch': make() });

s.before(async () => {
  const project = importProject();
  // openapi-fetch as a user's project has it installed (its types import openapi-typescript-helpers).
  for (const pkg of ['openapi-fetch', 'openapi-typescript-helpers']) symlinkSync(join(ROOT, 'node_modules', pkg), join(project, 'node_modules', pkg), 'dir');
  state.docs = await corpus();
  const files: string[] = [];
  for (const doc of state.docs) {
    importDocument(project, doc.name, doc.file);
    await writeOpenapiTypes(doc.file, join(project, doc.name, 'schema.ts'));
    const check = writeMistakes(project, doc);
    state.checks.set(doc.name, check);
    files.push(...check.controls, ...check.probes.map((p) => p.file), ...check.mistakes.flatMap((m) => [m.files.apiServe, m.files.openapiFetch]));
  }
  // tsc runs while the requests go out: the slowest step, on its own core.
  const typeChecked = compile(project, files);
  // Awaited below; if the requests fail first, a failed compile must not end the process unhandled.
  typeChecked.catch(() => undefined);

  mkdirSync(join(project, 'data'));
  const judge: Spawned = await spawnServe([...state.docs.map((d) => `${d.file}:0`), '--data', join(project, 'data')], state.docs.length, { startMs: 30_000 });
  try {
    for (const doc of state.docs) {
      const origin = judge.urls[doc.name];
      if (origin === undefined) throw new Error(`the judge serves no ${doc.name}: ${JSON.stringify(judge.urls)}`);
      const encoded = pairOf((): Count => ({ right: 0, total: 0 }));
      const capture = capturing(replayTo(origin));
      const apiServe = await apiServeClient(project, doc.name, origin, capture.fetch);
      const openapiFetch = openapiFetchClient(origin, capture.fetch);
      const send = (client: Client, plan: Plan) => (client === 'api-serve' ? apiServe.send(plan) : openapiFetch.send(plan));
      for (const op of doc.operations) {
        for (const plan of plansOf(op)) {
          for (const client of CLIENTS) {
            const before = capture.sent.length;
            const outcome = await send(client, plan);
            const sent = capture.sent.slice(before);
            const status = sent[0]?.status;
            const right = sent.length === 1 && status !== undefined && !REFUSED.has(status);
            encoded[client].total++;
            if (right) encoded[client].right++;
            state.sent.push({ client, plan, outcome, sentCount: sent.length, ...(status === undefined ? {} : { status }), ...(sent[0]?.answer === undefined ? {} : { answer: sent[0].answer }) });
          }
        }
      }
      // The same plans, answered by a fixed response instead of the judge.
      const answers = { undeclared: pairOf((): Handling[] => []), underDefault: pairOf((): Handling[] => []), refusedBody: pairOf((): Handling[] => []) };
      for (const op of doc.operations) {
        const [plain] = plansOf(op);
        const trials: ['undeclared' | 'underDefault' | 'refusedBody', (() => Response) | undefined][] = [
          op.responses.default === undefined ? ['undeclared', TEAPOT] : ['underDefault', DEFAULT_TEAPOT],
          ['refusedBody', refusedAnswer(op)],
        ];
        for (const [what, answer] of trials) {
          if (answer === undefined) continue;
          const fixed = capturing(answer);
          const a = await apiServeClient(project, doc.name, origin, fixed.fetch);
          const f = openapiFetchClient(origin, fixed.fetch);
          for (const client of CLIENTS) {
            const outcome = await (client === 'api-serve' ? a.send(plain!) : f.send(plain!));
            answers[what][client].push(handling(outcome));
            state.answers.push({ doc: doc.name, client, what, op: op.key, outcome });
          }
        }
      }
      state.results.push({ name: doc.name, operations: doc.operations.length, encoded, caught: pairOf((): Count => ({ right: 0, total: 0 })), ...answers });
    }
    for (const c of EXACT) {
      const doc = state.docs.find((d) => d.name === c.doc)!;
      const op = doc.operations.find((o) => o.key === c.op)!;
      const origin = judge.urls[doc.name]!;
      for (const client of CLIENTS) {
        const capture = capturing(replayTo(origin));
        const plan: Plan = { op, variant: 'plain', path: c.path ?? {}, query: c.query ?? {}, header: {}, ...(c.body === undefined ? {} : { body: c.body }) };
        if (client === 'api-serve') await (await apiServeClient(project, doc.name, origin, capture.fetch)).send(plan);
        else await openapiFetchClient(origin, capture.fetch).send(plan);
        const [req] = capture.sent;
        const contentType = req?.headers['content-type'];
        const ok = req !== undefined && c.targets.includes(req.target) && (c.form === undefined || (contentType === 'application/x-www-form-urlencoded' && formEquals(req.body, c.form)));
        state.exact.push({ case: c, client, target: req?.target ?? '(nothing sent)', body: req?.body, contentType, ok });
      }
    }
    // openapi-fetch writes a form only when told the Content-Type (its types know it, its runtime does not).
    const uspto = state.docs.find((d) => d.name === 'uspto')!;
    const search = uspto.operations.find((o) => o.key === 'performSearch')!;
    const capture = capturing(replayTo(judge.urls.uspto!));
    await openapiFetchClient(judge.urls.uspto!, capture.fetch).send(plansOf(search)[0]!, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    state.formWithContentType = capture.sent[0]?.status;
  } finally {
    await judge.stop();
  }

  state.errors = await typeChecked;
  const byKind = new Map<MistakeKind, Record<Client, Count>>(MISTAKE_KINDS.map((k) => [k, pairOf((): Count => ({ right: 0, total: 0 }))]));
  for (const r of state.results) {
    for (const m of state.checks.get(r.name)!.mistakes) {
      for (const client of CLIENTS) {
        const caught = state.errors.has(client === 'api-serve' ? m.files.apiServe : m.files.openapiFetch);
        for (const c of [r.caught[client], byKind.get(m.kind)![client]]) { c.total++; if (caught) c.right++; }
      }
    }
  }
  console.log(`\n${resultsTable(state.results)}\n\n${mistakesTable(byKind)}\n`);
  for (const x of state.sent.filter((x) => !(x.sentCount === 1 && x.status !== undefined && !REFUSED.has(x.status)))) {
    console.log(`${x.client} ${x.plan.op.method.toUpperCase()} ${x.plan.op.path} (${x.plan.variant}): ${x.sentCount === 0 ? `not sent: ${x.outcome.kind === 'threw' ? `${x.outcome.name}: ${x.outcome.message}` : 'returned'}` : `${x.status} ${x.answer?.slice(0, 160)}`}`);
  }
  for (const x of state.exact) console.log(`exact ${x.ok ? 'ok' : 'WRONG'} ${x.client} ${x.case.name}: ${x.target}${x.body === undefined ? '' : ` ${x.contentType} ${x.body}`}`);
  const probes = [...state.checks.values()].flatMap((c) => c.probes);
  console.log(`openapi-fetch types \`error\` as undefined for ${probes.filter((p) => !state.errors.has(p.file)).length} of the ${probes.length} operations that declare no error answer`);
  console.log(`openapi-fetch with the form's Content-Type given by the caller: the judge answered ${state.formWithContentType}`);
  for (const r of state.results) {
    for (const m of state.checks.get(r.name)!.mistakes) {
      const missed = CLIENTS.filter((c) => !state.errors.has(c === 'api-serve' ? m.files.apiServe : m.files.openapiFetch));
      if (missed.length > 0) console.log(`type check: ${missed.join(' and ')} accepted ${m.doc} ${m.kind} (${m.what})`);
    }
  }
});

function formEquals(body: string | undefined, expected: readonly (readonly [string, string])[]): boolean {
  return body !== undefined && JSON.stringify([...new URLSearchParams(body)]) === JSON.stringify(expected);
}

s('every correct call compiles with both clients (else a caught mistake would mean nothing)', () => {
  const controls = [...state.checks.values()].flatMap((c) => c.controls);
  assert.ok(controls.length >= state.docs.length * 2);
  const failing = controls.filter((f) => state.errors.has(f)).map((f) => `${f}: ${state.errors.get(f)!.join('; ')}`);
  assert.equal(failing, []);
  // Nor does anything else fail to compile: the generated module and types are what users get.
  const mistakeFiles = new Set([...state.checks.values()].flatMap((c) => c.mistakes.flatMap((m) => [m.files.apiServe, m.files.openapiFetch])));
  const probes = new Set([...state.checks.values()].flatMap((c) => c.probes.map((p) => p.file)));
  const elsewhere = [...state.errors.keys()].filter((f) => !mistakeFiles.has(f) && !controls.includes(f) && !probes.has(f));
  assert.equal(elsewhere, []);
});

s('api-serve encodes every plan the judge (the mock of the same document) accepts, and sends each once', () => {
  const wrong = state.sent.filter((x) => x.client === 'api-serve' && !(x.sentCount === 1 && x.status !== undefined && !REFUSED.has(x.status)));
  assert.ok(state.sent.length > 0);
  assert.equal(wrong.map((x) => `${x.plan.op.key} (${x.plan.variant}): ${x.status ?? 'not sent'} ${x.answer ?? (x.outcome.kind === 'threw' ? x.outcome.message : '')}`), []);
});

s('both clients are sent the same plans: the counts compare like with like', () => {
  for (const r of state.results) assert.is(r.encoded['api-serve'].total, r.encoded['openapi-fetch'].total, r.name);
});

s('the hand-checked URLs and form bodies (judged by RFC 3986 and the OpenAPI styles, not by our server): api-serve writes each', () => {
  const mine = state.exact.filter((x) => x.client === 'api-serve');
  assert.is(mine.length, EXACT.length);
  assert.equal(mine.filter((x) => !x.ok).map((x) => `${x.case.name}: ${x.target} ${x.body ?? ''}`), []);
});

/** The operations whose api-serve input is empty: no parameter and no body. */
const missedByApiServe = () => state.results.flatMap((r) => state.checks.get(r.name)!.mistakes.filter((m) => !state.errors.has(m.files.apiServe)));

s('api-serve\'s types reject every mistake of every kind on every operation that takes input', () => {
  assert.ok(state.results.every((r) => r.caught['api-serve'].total > 0));
  const missed = missedByApiServe().map((m) => `${m.doc}: ${m.kind} (${m.what})`);
  assert.equal(missed, []);
  // Each kind the corpus allows was tried (an unknown operation in every document).
  const kinds = new Set([...state.checks.values()].flatMap((c) => c.mistakes.map((m) => m.kind)));
  assert.ok(kinds.size >= 7, [...kinds].join(', '));
});

s('a status the document covers only by `default` is a typed answer for api-serve, with the status it came with', () => {
  const under = state.answers.filter((a) => a.client === 'api-serve' && a.what === 'underDefault');
  assert.ok(under.length > 0);
  for (const a of under) {
    assert.ok(a.outcome.kind === 'returned' && a.outcome.answer === true && a.outcome.status === 418, `${a.doc} ${a.op}: ${JSON.stringify(a.outcome)}`);
  }
});

s('an undeclared status is an error for api-serve: a ConformanceError naming the status', () => {
  const undeclared = state.answers.filter((a) => a.client === 'api-serve' && a.what === 'undeclared');
  assert.ok(undeclared.length > 0);
  for (const a of undeclared) {
    assert.is(a.outcome.kind, 'threw', `${a.doc} ${a.op}`);
    if (a.outcome.kind === 'threw') {
      assert.is(a.outcome.name, 'ConformanceError', `${a.doc} ${a.op}: ${a.outcome.message}`);
      assert.match(a.outcome.message, /status 418 is not declared/);
    }
  }
});

s('openapi-fetch hands an undeclared status back as its `error`, without throwing', () => {
  const theirs = state.answers.filter((a) => a.client === 'openapi-fetch' && a.what === 'undeclared');
  assert.ok(theirs.length > 0);
  for (const a of theirs) assert.is(handling(a.outcome), 'returned as error', `${a.doc} ${a.op}`);
});

s('openapi-fetch\'s types say `error` is undefined where the operation declares no error answer, yet the 418 arrives there', () => {
  const probes = [...state.checks.values()].flatMap((c) => c.probes);
  assert.ok(probes.length > 0);
  assert.equal(probes.filter((p) => state.errors.has(p.file)).map((p) => `${p.op}: ${state.errors.get(p.file)!.join('; ')}`), []);
  const at = state.answers.filter((a) => a.client === 'openapi-fetch' && probes.some((p) => p.op === a.op) && a.what === 'undeclared');
  assert.ok(at.length > 0);
  for (const a of at) assert.is(handling(a.outcome), 'returned as error', a.op);
});

s('openapi-fetch sends a form body as JSON unless the caller names the Content-Type; then the judge accepts it', () => {
  const plain = state.sent.filter((x) => x.client === 'openapi-fetch' && x.plan.op.body?.media === 'application/x-www-form-urlencoded' && x.plan.body !== undefined);
  assert.ok(plain.length > 0);
  for (const x of plain) assert.is(x.status, 415, x.answer);
  assert.is(state.formWithContentType, 200);
});

s('a declared status with a body its schema refuses: api-serve throws a ConformanceError, openapi-fetch returns it as data', () => {
  const refused = state.answers.filter((a) => a.what === 'refusedBody');
  assert.ok(refused.some((a) => a.client === 'api-serve'));
  for (const a of refused) {
    if (a.client === 'api-serve') assert.ok(a.outcome.kind === 'threw' && a.outcome.name === 'ConformanceError', `${a.doc} ${a.op}`);
    else assert.is(handling(a.outcome), 'returned as data', `${a.doc} ${a.op}`);
  }
});

s.run();
