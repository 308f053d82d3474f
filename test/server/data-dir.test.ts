// The --data directory appears only when a surface writes state there: serving S2 from any folder
// leaves no empty data/ behind; S4 creates the folder (and parents) for its store.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { handlers as S2 } from '../../specs/S2.js';
import { handlers as S4 } from '../../specs/S4.js';
import { call, tempDir, withServer } from '../helpers/server.js';

test('S2 creates no data directory; S4 creates it, with its parents, for persons.json', async () => {
  const root = tempDir('api-serve-datadir-');
  try {
    const forS2 = join(root, 'never');
    await withServer(S2, async (s) => { assert.is((await call(s.url, 'GET', '/hello')).status, 200); }, { dataDir: forS2 });
    assert.not.ok(existsSync(forS2), 'serving S2 made a data directory');
    const forS4 = join(root, 'a', 'b');
    await withServer(S4, async (s) => {
      assert.is((await call(s.url, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","age":"36"}' })).status, 200);
    }, { dataDir: forS4 });
    assert.ok(existsSync(join(forS4, 'persons.json')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
