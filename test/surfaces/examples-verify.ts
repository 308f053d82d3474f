// A surface whose examples `api-docs --verify` must judge each way: one the server answers, one it
// does not (a lie), one with a stated setup request, one it cannot be asked for (a body with no
// example, and no request stated), and one declared unverifiable. Served by its minimal handlers.
import { api, body, capture, get, implement, json, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

const Note = t.object('Note', { id: t.int, text: t.text });

export const surface = api('Proofs', { title: 'Examples proven, refuted and unprovable' }, {
  honest: get('honest', capture('n', t.examples(t.int, [{ value: 7 }]))).returns(json(t.int), { examples: [{ title: 'twice n', value: 14 }] }),
  lie: get('lie').returns(json(t.text), { examples: [{ title: 'a lie', value: 'what the docs claim' }] }),
  create: post('notes', body(t.object('NewNote', { text: t.text }), undefined, [{ value: { text: 'hi' } }]))
    .returns(json(Note), { examples: [{ value: { id: 1, text: 'hi' } }] }),
  list: get('notes').returns(json(t.array(Note)), {
    examples: [{ title: 'after one create', value: [{ id: 1, text: 'hi' }], request: { url: '/notes', before: [{ method: 'POST', url: '/notes', body: { text: 'hi' } }] } }],
  }),
  // No request can be derived: the body has no example and the example states no request.
  echo: post('echo', body(t.object('Message', { text: t.text }))).returns(json(t.text), { examples: [{ value: 'hidden' }] }),
  someday: get('someday').returns(json(t.text), { examples: [{ value: 'later', unverifiable: 'answered only on the first of April' }] }),
});

export const handlers = implement(surface, () => {
  const notes: { id: number; text: string }[] = [];
  return {
    honest: ({ n }) => 2 * n,
    lie: () => 'what the server says',
    create: ({ body: b }) => { const note = { id: notes.length + 1, text: b.text }; notes.push(note); return note; },
    list: () => notes,
    echo: ({ body: b }) => b.text,
    someday: () => 'not yet',
  };
});
