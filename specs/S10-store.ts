// S10-store: the test double of the external document store S10 proxies (an Elasticsearch-like
// `GET /myIndex/myDocType/{docId}`): 500 above 1000, a document without `_source` above 500.
import { HttpError, api, capture, get, implement, json } from '../src/dsl/index.js';
import { t } from '../src/codec/index.js';

const withSource = { _source: { a: 'b' } };
const withoutSource = { bad: 'data' };

export const surface = api('S10-store', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Test double of the document store S10 looks documents up in' }, {
  document: get('myIndex', 'myDocType', capture('docId', t.int, '(integer) the document id'))
    .returns(json(t.json), {
      description: 'A document with `_source` for docId up to 500, one without `_source` up to 1000.',
      examples: [
        { title: 'docId <= 500', value: withSource, request: { url: '/myIndex/myDocType/1' } },
        { title: '500 < docId <= 1000', value: withoutSource, request: { url: '/myIndex/myDocType/501' } },
      ],
    })
    .responds(500, undefined, { description: 'docId above 1000: the store fails.' }),
});

export const handlers = implement(surface, {
  document: ({ docId }) => {
    if (docId > 1000) throw new HttpError(500);
    return docId > 500 ? withoutSource : withSource;
  },
});
