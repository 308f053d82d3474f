// An endpoint whose success answers one type and another declared success another (billingo's
// download: 200 in PDF, 202 in JSON while the PDF is being made): a request whose Accept takes only
// the second's type is answered with it, not refused with a 406; one that takes neither is a 406.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mock } from '../../src/mock/index.js';
import { predict } from '../../src/describe/index.js';
import { start } from '../helpers/server.js';
import { imported } from '../openapi/load.js';

const ask = async (base: string, accept: string) => {
  const res = await fetch(`${base}/documents/7/download`, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

test('Accept: application/json gets the 202 in JSON; Accept: application/pdf the 200; text/html a 406; the predictor agrees', async () => {
  const { surface } = await imported('pdf-or-pending.yaml');
  const served = await start(mock(surface));
  try {
    const json = await ask(served.url, 'application/json');
    assert.equal([json.status, json.type, JSON.parse(json.text)], [202, 'application/json;charset=utf-8', { message: 'try again later' }]);
    const pdf = await ask(served.url, 'application/pdf');
    assert.equal([pdf.status, pdf.type], [200, 'application/pdf']);
    const html = await ask(served.url, 'text/html');
    assert.is(html.status, 406);
    assert.match(html.text, /answers application\/pdf/);
    for (const [accept, kind] of [['application/json', 'handler'], ['text/html', 'notAcceptable']] as const) {
      assert.is(predict(surface, { method: 'GET', url: '/documents/7/download', headers: { accept } }).kind, kind, accept);
    }
  } finally {
    await served.close();
  }
});

test.run();
