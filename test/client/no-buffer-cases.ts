// Requests whose bodies and credentials the predictor reads as bytes (JSON with a byte order mark,
// bytes that are not UTF-8, a form, Basic credentials), predicted as a list of plain results, for
// no-buffer.test.ts to compare with Node's Buffer and without it.
import { api, basicAuth, body, get, json, media, post, t } from '../../src/browser/index.js';
import { predictor } from '../../src/describe/predict.js';

const Note = t.object('Note', { text: t.text, n: t.int });
const surface = api('Bytes', { title: 'bytes' }, {
  note: post('note', body(Note, [media.json, media.form])).returns(json(Note)),
  raw: post('raw', body(t.text, [media.text])).returns(json(t.text)),
  me: get('me', basicAuth('bytes')).returns(json(t.text)),
});

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);
const J = { 'content-type': 'application/json' };

export const CASES: readonly { readonly name: string; readonly method: string; readonly url: string; readonly headers?: Record<string, string>; readonly body?: string | Uint8Array }[] = [
  { name: 'JSON', method: 'POST', url: '/note', headers: J, body: '{"text":"héllo","n":1}' },
  { name: 'JSON with a byte order mark', method: 'POST', url: '/note', headers: J, body: new Uint8Array([0xef, 0xbb, 0xbf, ...text('{"text":"a","n":1}')]) },
  { name: 'JSON holding a U+FFFD written out', method: 'POST', url: '/note', headers: J, body: '{"text":"\ufffd","n":1}' },
  { name: 'JSON with a byte that is not UTF-8', method: 'POST', url: '/note', headers: J, body: new Uint8Array([...text('{"text":"'), 0xff, ...text('","n":1}')]) },
  { name: 'JSON of the wrong type', method: 'POST', url: '/note', headers: J, body: '{"text":"a","n":"one"}' },
  { name: 'an empty JSON body', method: 'POST', url: '/note', headers: J, body: '' },
  { name: 'a form', method: 'POST', url: '/note', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'text=h%C3%A9&n=2' },
  { name: 'a form that is not UTF-8', method: 'POST', url: '/note', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: bytes(0x74, 0x3d, 0xff) },
  { name: 'text', method: 'POST', url: '/raw', headers: { 'content-type': 'text/plain' }, body: 'plain' },
  { name: 'Basic credentials in UTF-8', method: 'GET', url: '/me', headers: { authorization: `Basic ${btoa(String.fromCharCode(...text('jürgen:pass')))}` } },
  { name: 'Basic credentials that are not UTF-8', method: 'GET', url: '/me', headers: { authorization: `Basic ${btoa('a\xff:b')}` } },
  { name: 'Basic credentials that are not base64', method: 'GET', url: '/me', headers: { authorization: 'Basic !!!!' } },
];

/** Each case's prediction: the kind, the status, the input the handler would get, the refusal's text. */
export async function predictions(): Promise<unknown[]> {
  const predict = predictor(surface);
  return CASES.map((c) => {
    const p = predict({ method: c.method, url: c.url, ...(c.headers ? { headers: c.headers } : {}), ...(c.body === undefined ? {} : { body: c.body }) });
    if (p.kind === 'handler') return { name: c.name, kind: p.kind, input: p.input };
    return { name: c.name, kind: p.kind, status: p.status, body: p.body === undefined ? undefined : typeof p.body === 'string' ? p.body : new TextDecoder().decode(p.body) };
  });
}
