// Where a stateful mock keeps its collections' items: the interface a store implements (lowdb's
// file and PostgreSQL live in src/store/), the state the in-memory and file stores share, and the
// in-memory store `mock()` uses when given none.

/** One stored item: a JSON object its collection's item codec accepts. */
export type Item = Readonly<Record<string, unknown>>;

/** An item placed by a seed or a reset. */
export interface PlacedItem {
  readonly collection: string;
  /** The concrete path above the id (`/users/1/posts`); the collection path for a top-level one. */
  readonly parent: string;
  readonly key: string;
  readonly item: Item;
}

export interface CollectionStore {
  /** Whether the store held a state when it was opened (a kept state is not seeded again). */
  readonly kept: boolean;
  /** Where the items are kept, for the listening line (`data/mock-S4.json`); none in memory. */
  readonly where?: string;
  /** The items under one parent, oldest first. */
  list(collection: string, parent: string): Promise<readonly Item[]>;
  get(collection: string, parent: string, key: string): Promise<Item | undefined>;
  /**
   * Stores a new item: `make` gets the collection's next number (increasing, never reused, above
   * every seeded integer id) and returns the item and its key.
   */
  create(collection: string, parent: string, make: (n: number) => { readonly key: string; readonly item: Item }): Promise<Item>;
  /** Changes a stored item with `change`, atomically; `undefined` when there is none. */
  update(collection: string, parent: string, key: string, change: (before: Item) => Item): Promise<Item | undefined>;
  remove(collection: string, parent: string, key: string): Promise<boolean>;
  /**
   * Empties every collection, then places `items`; numbering restarts above their integer ids.
   * `atStart`: the seeding of a store opened with no kept state. A store shared by several
   * instances skips it when another one placed a state since (the first to start seeds).
   */
  reset(items: readonly PlacedItem[], atStart?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** The whole state: the next number per collection, and items by collection, parent and key, oldest first. */
export interface CollectionsState {
  readonly next: Map<string, number>;
  readonly items: Map<string, Map<string, Item>>;
}

/** The state as a file holds it. */
export interface CollectionsJson {
  readonly next: Readonly<Record<string, number>>;
  readonly items: readonly (readonly [collection: string, parent: string, key: string, item: Item])[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Reads a state back from its JSON, or throws saying what is wrong and where. */
export function stateOfJson(json: unknown): CollectionsState {
  if (!isObject(json) || !isObject(json.next) || !Array.isArray(json.items)) throw new Error('expected an object with "next" (numbers by collection) and "items" (a list)');
  for (const [c, n] of Object.entries(json.next)) if (!Number.isSafeInteger(n) || (n as number) < 1) throw new Error(`next["${c}"] is not a positive integer`);
  const placed: PlacedItem[] = json.items.map((x: unknown, i) => {
    if (!Array.isArray(x) || x.length !== 4 || typeof x[0] !== 'string' || typeof x[1] !== 'string' || typeof x[2] !== 'string' || !isObject(x[3])) {
      throw new Error(`items[${i}] is not [collection, parent, key, item]`);
    }
    return { collection: x[0], parent: x[1], key: x[2], item: x[3] };
  });
  const s = StateDraft.placed(placed);
  // The numbering kept in the file wins over the ids seen: ids are never reused, deleted ones included.
  for (const [c, n] of Object.entries(json.next as Record<string, number>)) s.next.set(c, Math.max(n, s.next.get(c) ?? 1));
  return s;
}

/**
 * One change a batch made, absolute: what a key now holds, not how it got there. `toEnd` moves
 * the key to the end of its collection's order (a create); an update keeps its place. The JSON
 * of a change is this array, one line of a store's journal.
 */
export type Change =
  | readonly ['put', collection: string, parent: string, key: string, item: Item, toEnd: boolean]
  | readonly ['delete', collection: string, parent: string, key: string]
  | readonly ['next', collection: string, n: number]
  | readonly ['reset', state: CollectionsJson];

/** Reads a change back from its JSON, or throws saying what is wrong. */
export function changeOfJson(json: unknown): Change {
  const strings = (a: unknown[], from: number, to: number) => a.slice(from, to).every((x) => typeof x === 'string');
  if (Array.isArray(json)) {
    const [kind] = json;
    if (kind === 'put' && json.length === 6 && strings(json, 1, 4) && isObject(json[4]) && typeof json[5] === 'boolean') return json as unknown as Change;
    if (kind === 'delete' && json.length === 4 && strings(json, 1, 4)) return json as unknown as Change;
    if (kind === 'next' && json.length === 3 && typeof json[1] === 'string' && Number.isSafeInteger(json[2]) && json[2] >= 1) return json as unknown as Change;
    if (kind === 'reset' && json.length === 2) {
      stateOfJson(json[1]);
      return json as unknown as Change;
    }
  }
  throw new Error('not a change (["put", collection, parent, key, item, toEnd], ["delete", ...], ["next", collection, n] or ["reset", state])');
}

/** Items by collection and parent share one map key (a parent path never holds a NUL). */
const slot = (collection: string, parent: string) => `${collection}\u0000${parent}`;

/** Applies changes to a state in place, in order. */
export function applyChanges(state: CollectionsState, changes: readonly Change[]): void {
  for (const change of changes) {
    switch (change[0]) {
      case 'put': {
        const [, collection, parent, key, item, toEnd] = change;
        const k = slot(collection, parent);
        let m = state.items.get(k);
        if (m === undefined) state.items.set(k, (m = new Map()));
        // A key already taken (a seeded text id equal to a number drawn) is replaced, never doubled.
        if (toEnd) m.delete(key);
        m.set(key, item);
        break;
      }
      case 'delete':
        state.items.get(slot(change[1], change[2]))?.delete(change[3]);
        break;
      case 'next':
        state.next.set(change[1], change[2]);
        break;
      case 'reset': {
        const placed = stateOfJson(change[1]);
        state.next.clear();
        state.items.clear();
        for (const [c, n] of placed.next) state.next.set(c, n);
        for (const [k, m] of placed.items) state.items.set(k, m);
        break;
      }
    }
  }
}

/**
 * The operations over a state, recorded as changes (`changes`) without touching the state: a
 * draft reads through what it changed to the state below, so a batch costs what it touches, not
 * the store, and the state changes only when the batch is written (`applyChanges`).
 */
export class StateDraft {
  readonly changes: Change[] = [];
  readonly #base: CollectionsState;
  /** A reset in this draft: the state below no longer shows through. */
  #cleared = false;
  readonly #next = new Map<string, number>();
  /** What this draft changed, by slot and key; `null` for removed. */
  readonly #items = new Map<string, Map<string, Item | null>>();

  constructor(base: CollectionsState) {
    this.#base = base;
  }

  static read(s: CollectionsState, collection: string, parent: string): ReadonlyMap<string, Item> | undefined {
    return s.items.get(slot(collection, parent));
  }

  #lookup(collection: string, parent: string, key: string): Item | undefined {
    const k = slot(collection, parent);
    const mine = this.#items.get(k)?.get(key);
    if (mine !== undefined) return mine ?? undefined;
    return this.#cleared ? undefined : this.#base.items.get(k)?.get(key);
  }

  #set(collection: string, parent: string, key: string, item: Item | null): void {
    const k = slot(collection, parent);
    let m = this.#items.get(k);
    if (m === undefined) this.#items.set(k, (m = new Map()));
    m.set(key, item);
  }

  create(collection: string, parent: string, make: (n: number) => { readonly key: string; readonly item: Item }): Item {
    const n = this.#next.get(collection) ?? (this.#cleared ? undefined : this.#base.next.get(collection)) ?? 1;
    this.#next.set(collection, n + 1);
    this.changes.push(['next', collection, n + 1]);
    const { key, item } = make(n);
    this.#set(collection, parent, key, item);
    this.changes.push(['put', collection, parent, key, item, true]);
    return item;
  }

  update(collection: string, parent: string, key: string, change: (before: Item) => Item): Item | undefined {
    const before = this.#lookup(collection, parent, key);
    if (before === undefined) return undefined;
    const after = change(before);
    this.#set(collection, parent, key, after);
    this.changes.push(['put', collection, parent, key, after, false]);
    return after;
  }

  remove(collection: string, parent: string, key: string): boolean {
    if (this.#lookup(collection, parent, key) === undefined) return false;
    this.#set(collection, parent, key, null);
    this.changes.push(['delete', collection, parent, key]);
    return true;
  }

  /** Empties the draft and places `items` (a reset). */
  replaceAll(items: readonly PlacedItem[]): void {
    const placed = StateDraft.placed(items);
    this.#cleared = true;
    this.#next.clear();
    this.#items.clear();
    for (const [c, n] of placed.next) this.#next.set(c, n);
    for (const [k, m] of placed.items) this.#items.set(k, new Map(m));
    this.changes.push(['reset', StateDraft.toJson(placed)]);
  }

  /** A state holding exactly `items`, numbered above their integer ids. */
  static placed(items: readonly PlacedItem[]): CollectionsState {
    const next = new Map<string, number>();
    const all = new Map<string, Map<string, Item>>();
    for (const { collection, parent, key, item } of items) {
      const k = slot(collection, parent);
      if (!all.has(k)) all.set(k, new Map());
      all.get(k)!.set(key, item);
      const n = Number(key);
      if (Number.isSafeInteger(n) && n >= (next.get(collection) ?? 1)) next.set(collection, n + 1);
    }
    return { next, items: all };
  }

  /** The state as JSON: `{ next: { "/things": 3 }, items: [[collection, parent, key, item], ...] }`. */
  static toJson(s: CollectionsState): CollectionsJson {
    const items: [string, string, string, Item][] = [];
    for (const [k, m] of s.items) {
      const [collection, parent] = k.split('\u0000') as [string, string];
      for (const [key, item] of m) items.push([collection, parent, key, item]);
    }
    return { next: Object.fromEntries(s.next), items };
  }
}

/** The in-memory store: state for the life of the process (`mock()` without a store). */
export function memoryCollectionStore(): CollectionStore {
  const state: CollectionsState = { next: new Map(), items: new Map() };
  const edit = <R>(f: (d: StateDraft) => R): Promise<R> => {
    const d = new StateDraft(state);
    const r = f(d);
    applyChanges(state, d.changes);
    return Promise.resolve(r);
  };
  return {
    kept: false,
    list: (c, p) => Promise.resolve([...(StateDraft.read(state, c, p)?.values() ?? [])]),
    get: (c, p, key) => Promise.resolve(StateDraft.read(state, c, p)?.get(key)),
    create: (c, p, make) => edit((d) => d.create(c, p, make)),
    update: (c, p, key, change) => edit((d) => d.update(c, p, key, change)),
    remove: (c, p, key) => edit((d) => d.remove(c, p, key)),
    reset: (items) => edit((d) => d.replaceAll(items)),
    close: () => Promise.resolve(),
  };
}
