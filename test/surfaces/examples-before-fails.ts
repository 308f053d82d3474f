// A surface whose one example states a setup request the server refuses (a body of the wrong
// type: 400): `api-docs --verify` must report that example failed, naming the setup step.
import { api, body, get, implement, json, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

const Note = t.object('Note', { id: t.int, text: t.text });

export const surface = api('Setup', { title: 'An example whose setup request is refused' }, {
  create: post('notes', body(t.object('NewNote', { text: t.text }))).returns(json(Note)),
  list: get('notes').returns(json(t.array(Note)), {
    examples: [{ title: 'after one create', value: [{ id: 1, text: 'hi' }], request: { url: '/notes', before: [{ method: 'POST', url: '/notes', body: { text: 42 } }] } }],
  }),
});

export const handlers = implement(surface, () => {
  const notes: { id: number; text: string }[] = [];
  return {
    create: ({ body: b }) => { const note = { id: notes.length + 1, text: b.text }; notes.push(note); return note; },
    list: () => notes,
  };
});
