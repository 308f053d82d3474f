// A surface module as a browser app writes it: every builder from api-serve/browser (here its source,
// src/browser/index.ts), so the page's bundle holds the DSL and codecs but none of the server.
import { api, body, capture, get, json, media, post, query, t } from '../../src/browser/index.js';

export const Book = t.object('Book', { id: t.constrain(t.int, { minimum: 1 }), title: t.text, pages: t.constrain(t.int, { minimum: 1 }) });

export const surface = api('Shelf', { title: 'A shelf of books' }, {
  book: get('books', capture('id', t.constrain(t.int, { minimum: 1 })))
    .returns(json(t.examples(Book, [{ value: { id: 7, title: 'Dune', pages: 412 } }]))),
  search: get('search', query('title', t.text, { required: true }), query('limit', t.constrain(t.int, { maximum: 10 })))
    .returns(json(t.examples(t.array(Book), [{ value: [{ id: 1, title: 'Emma', pages: 474 }] }]))),
  add: post('books', body(Book, [media.json]))
    .returns(json(t.examples(Book, [{ value: { id: 8, title: 'Kim', pages: 368 } }]))),
});
