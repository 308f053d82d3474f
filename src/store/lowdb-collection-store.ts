// The stateful mock's default store: its collections in one durable JSON file per surface
// (`DATA/mock-NAME.json`, written through lowdb's adapter) plus a journal of the changes since
// (`mock-NAME.json.journal`), group committed, so what a client created is still there after a
// restart, as json-server keeps its db.json, and a create costs what it changes, not the file.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { applyChanges, type Change, changeOfJson, type CollectionsJson, type CollectionsState, type CollectionStore, StateDraft, stateOfJson } from '../mock/collection-store.js';
import { GroupCommit } from './group-commit.js';
import { JournaledJsonFile } from './journaled-json-file.js';
import { lockStore } from './lock.js';
import { StoreOpenError } from './record-store.js';

/** The file of a surface's collections in a data folder. */
export const collectionsFile = (dataDir: string, surface: string) => join(dataDir, `mock-${surface.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);

export async function openLowdbCollectionStore(file: string): Promise<CollectionStore> {
  await mkdir(dirname(file), { recursive: true }).catch((err: Error) => { throw new StoreOpenError(`cannot create the folder of ${file}: ${err.message}`); });
  const release = await lockStore(file);
  try {
    // The state is kept as maps, not as the file's JSON: the file is checked as it is read (a
    // corrupt one refuses to start), turned into maps, and the journal's changes applied.
    // decided: a journal beside the file (docs/mocking.md "Where the items are kept").
    const disk = new JournaledJsonFile<CollectionsJson, Change>(file, (json) => { stateOfJson(json); return json as CollectionsJson; }, changeOfJson);
    const { data, changes } = await disk.read();
    const state: CollectionsState = data === null ? { next: new Map(), items: new Map() } : stateOfJson(data);
    applyChanges(state, changes);
    const commit = new GroupCommit<CollectionsState, StateDraft>(
      state,
      (s) => new StateDraft(s),
      (draft, s) => disk.append(draft.changes, () => StateDraft.toJson(s)),
      (s, draft) => { applyChanges(s, draft.changes); return s; },
    );
    let closed = false;
    return {
      kept: data !== null || changes.length > 0,
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
        try {
          await commit.close();
          await disk.close(StateDraft.toJson(commit.state));
        } finally {
          await release();
        }
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
