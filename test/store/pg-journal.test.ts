// `--journal --store`: one request journal for the whole run, kept in PostgreSQL, so every worker
// of `--workers` shows (and DELETE empties) the same requests; it starts empty at each start of
// the command and keeps the newest n.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'node:http';
import { spawnServe } from '../helpers/cli.js';
import { eventually, freshDatabase, havePostgres } from '../helpers/pg.js';

/** One request on a connection of its own (`connection: close`), so the workers take turns. */
function fresh(base: string, method: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, agent: false, headers: { connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const JOURNAL = '/__api-serve/requests';

/** The urls the journal lists, as one worker answers. */
async function journalUrls(base: string): Promise<string[]> {
  const r = await fresh(base, 'GET', JOURNAL);
  assert.is(r.status, 200, r.text);
  return (JSON.parse(r.text) as { url: string }[]).map((e) => e.url);
}

if (havePostgres('test/store/pg-journal.test.ts')) {
  const journal = suite('api-serve --journal --store: one journal kept in PostgreSQL');

  journal('--workers 2: 10 requests on their own connections -> every view lists all 10; DELETE empties it for both workers', async () => {
    const s = await spawnServe(['S4', '--mock', '--port', '0', '--store', await freshDatabase(), '--workers', '2', '--journal'], 1, { startMs: 30_000 });
    try {
      const base = s.urls.S4!;
      const sent = Array.from({ length: 10 }, (_, i) => `/person?n=${i}`);
      for (const url of sent) await fresh(base, 'GET', url);
      // Another worker's entry is written a moment after its answer: asked again until it is there.
      await eventually('the journal lists the 10 requests', async () => (await journalUrls(base)).length === 10, 10_000);
      for (let view = 0; view < 4; view++) assert.equal([...(await journalUrls(base))].sort(), [...sent].sort(), `view ${view}`);
      assert.is((await fresh(base, 'DELETE', JOURNAL)).status, 204);
      for (let view = 0; view < 4; view++) assert.equal(await journalUrls(base), [], `view ${view} after DELETE`);
    } finally {
      assert.is(await s.stop(), 0, s.stderr());
    }
  });

  journal('--journal 3 -> the newest 3 in order; a new start of the command starts an empty journal', async () => {
    const db = await freshDatabase();
    const first = await spawnServe(['S4', '--mock', '--port', '0', '--store', db, '--journal', '3']);
    try {
      for (let i = 0; i < 5; i++) await fresh(first.urls.S4!, 'GET', `/person?n=${i}`);
      assert.equal(await journalUrls(first.urls.S4!), ['/person?n=2', '/person?n=3', '/person?n=4']);
    } finally {
      assert.is(await first.stop(), 0, first.stderr());
    }
    const again = await spawnServe(['S4', '--mock', '--port', '0', '--store', db, '--journal', '3']);
    try {
      assert.equal(await journalUrls(again.urls.S4!), []);
    } finally {
      assert.is(await again.stop(), 0, again.stderr());
    }
  });

  journal.run();
}
