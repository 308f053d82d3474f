// Durability as a user sees it: `api-serve S4` killed with SIGKILL right after answering POSTs
// keeps every record it answered 200 for; a corrupt store file stops the start with exit 2.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';

const s = suite('api-serve S4 durability');
const post = (base: string, i: number) => call(base, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `p${i}`, age: i }) });

s('kill -9 right after a 200 to a POST never loses that record', async () => {
  const data = tempDir();
  try {
    const first = await spawnServe(['S4', '--port', '0', '--data', data]);
    const answered: { Id: number; name: string; age: string }[] = [];
    try {
      // A burst of POSTs; the server dies the moment the first 200 arrives, mid-burst.
      await new Promise<void>((resolve) => {
        let settled = 0;
        for (let i = 0; i < 30; i++) {
          post(first.urls.S4!, i).then((r) => {
            if (r.status === 200) {
              answered.push(r.json() as { Id: number; name: string; age: string });
              first.child.kill('SIGKILL');
            }
          }, () => {}).finally(() => { if (++settled === 30) resolve(); });
        }
      });
    } finally {
      first.child.kill('SIGKILL');
      await first.stop('SIGKILL');
    }
    assert.ok(answered.length >= 1, 'at least one POST was answered');
    const again = await spawnServe(['S4', '--port', '0', '--data', data]);
    try {
      for (const p of answered) assert.equal((await call(again.urls.S4!, 'GET', `/person/${p.Id}`)).json(), p);
      const next = (await post(again.urls.S4!, 99)).json() as { Id: number };
      assert.ok(answered.every((p) => p.Id < next.Id), 'a new Id is above every Id already handed out');
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

s('a corrupt persons.json: one clear line on stderr, exit 2, file untouched', () => {
  const data = tempDir();
  try {
    writeFileSync(join(data, 'persons.json'), '{"nextId": 3, "records": [{"id": 1,');
    const r = runBin('api-serve', ['S4', '--port', '0', '--data', data]);
    assert.is(r.code, 2);
    assert.is(r.stdout, '');
    assert.match(r.stderr, /^api-serve: the store .*persons\.json is corrupt \(not valid JSON: .*\); refusing to start rather than lose data: repair or move the file away\n$/);
    assert.is(readFileSync(join(data, 'persons.json'), 'utf8'), '{"nextId": 3, "records": [{"id": 1,');
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

s('a second api-serve S4 on the same data dir: one clear line, exit 2, the first keeps serving', async () => {
  const data = tempDir();
  const first = await spawnServe(['S4', '--port', '0', '--data', data]);
  try {
    const r = runBin('api-serve', ['S4', '--port', '0', '--data', data]);
    assert.is(r.code, 2);
    assert.match(r.stderr, /persons\.json is in use by another server \(pid \d+\)/);
    assert.is((await call(first.urls.S4!, 'GET', '/person')).status, 200);
  } finally {
    await first.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

s.run();
