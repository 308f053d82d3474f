// The stateful mock's default store: its collections in one durable JSON file per surface
// (`DATA/mock-NAME.json`, through lowdb's adapter), written with group commit, so what a client created is still there
// after a restart, as json-server keeps its db.json.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type CollectionStore, type CollectionsJson, StateDraft, stateOfJson } from '../mock/collection-store.js';
import { DurableJsonFile } from './durable-json-file.js';
import { GroupCommit } from './group-commit.js';
import { lockStore } from './lock.js';
import { StoreOpenError } from './record-store.js';

/** The file of a surface's collections in a data folder. */
export const collectionsFile = (dataDir: string, surface: string) => join(dataDir, `mock-${surface.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);

export async function openLowdbCollectionStore(file: string): Promise<CollectionStore> {
  await mkdir(dirname(file), { recursive: true }).catch((err: Error) => { throw new StoreOpenError(`cannot create the folder of ${file}: ${err.message}`); });
  const release = await lockStore(file);
  try {
    // lowdb's adapter (DurableJsonFile) alone: the state is kept as maps, not as the file's JSON.
    // The file is checked as it is read (a corrupt one refuses to start), then turned into maps.
    const adapter = new DurableJsonFile<CollectionsJson>(file, (json) => { stateOfJson(json); return json as CollectionsJson; });
    const json = await adapter.read();
    const loaded = json === null ? undefined : stateOfJson(json);
    const commit = new GroupCommit<StateDraft>(new StateDraft(loaded ?? { next: new Map(), items: new Map() }), (s) => new StateDraft(s), (draft) => adapter.write(StateDraft.toJson(draft)));
    let closed = false;
    return {
      kept: loaded !== undefined,
      where: file,
      list: (c, p) => Promise.resolve([...(StateDraft.read(commit.state, c, p)?.values() ?? [])]),
      get: (c, p, key) => Promise.resolve(StateDraft.read(commit.state, c, p)?.get(key)),
      create: (c, p, make) => commit.run((d) => ({ result: d.create(c, p, make), changed: true })),
      update: (c, p, key, change) => commit.run((d) => { const r = d.update(c, p, key, change); return { result: r, changed: r !== undefined }; }),
      remove: (c, p, key) => commit.run((d) => { const r = d.remove(c, p, key); return { result: r, changed: r }; }),
      reset: (items) => commit.run((d) => { d.replaceAll(items); return { result: undefined, changed: true }; }),
      async close() {
        if (closed) return;
        closed = true;
        await commit.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
