// Stateful mocking (`--stateful`): endpoints shaped as a collection (POST /things, GET /things,
// GET / PUT / PATCH / DELETE /things/{id}, nested ones too) keep their items, so what a client
// created is listed, what it changed reads back changed, and what it deleted answers 404.
import type { EndpointInfo, ResponseSpec } from '../dsl/types.js';
import { reply } from '../dsl/reply.js';
import { toolError } from '../dsl/tool-error.js';
import type { Codec, ObjectCodec } from '../codec/types.js';
import { sample } from '../codec/sample.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { CollectionStore, Item, PlacedItem } from './collection-store.js';
import { NEXT, paged, pagingOf, unwrapped } from './paging.js';

/** The endpoints of one collection, found by the shape of their paths. */
export interface Collection {
  /** `/things` or `/users/{uid}/posts`: the path the items live under. */
  readonly path: string;
  readonly idCapture: string;
  readonly idField: string;
  readonly item: ObjectCodec<unknown>;
  readonly endpoints: ReadonlyMap<EndpointInfo, 'list' | 'create' | 'get' | 'replace' | 'update' | 'remove'>;
  /** A list endpoint that answers an envelope (`{ data: [...], total }`) rather than a bare list. */
  readonly envelopes: ReadonlyMap<EndpointInfo, Envelope>;
}

/** Where the items go in a listing's object (`data`, `items`...), and its fields that count them. */
export interface Envelope {
  readonly codec: ObjectCodec<unknown>;
  readonly field: string;
  readonly totals: readonly string[];
}

/** Fields of an envelope that hold the number of items listed: set to the collection's count. */
const TOTAL = /^(total|count|totalCount|total_count|totalItems|total_items|totalResults|total_results|totalElements|size)$/;


/**
 * The envelope of a listing answering an object: its one list field whose items are the
 * collection's items (an object with the id field), and its number fields named like a total.
 */
function envelopeOf(codec: Codec<unknown> | undefined, item: ObjectCodec<unknown>, idField: string): Envelope | undefined {
  const o = objectOf(codec);
  if (!o) return undefined;
  const lists = Object.entries(o.props).filter(([, c]) => {
    const u = unwrapped(c);
    if (u.kind !== 'array') return false;
    const it = objectOf(unwrapped(u.item));
    return it !== undefined && (it === item || Object.hasOwn(it.props, idField));
  });
  if (lists.length !== 1) return undefined;
  const totals = Object.entries(o.props).filter(([k, c]) => TOTAL.test(k) && unwrapped(c).schema.type === 'integer').map(([k]) => k);
  return { codec: o, field: lists[0]![0], totals };
}

const success = (e: EndpointInfo): ResponseSpec | undefined => e.responses.find((r) => r.status >= 200 && r.status < 300);
const objectOf = (c: Codec<unknown> | undefined): ObjectCodec<unknown> | undefined => {
  const t = c?.kind === 'lazy' ? c.target() : c;
  return t?.kind === 'object' ? t : undefined;
};

/** The field of an item that holds its id: the capture's name (in any case), `id`, else one ending in Id / _id. */
function idFieldOf(item: ObjectCodec<unknown>, capture: string): string | undefined {
  const keys = Object.keys(item.props);
  return keys.find((k) => k === capture) ?? keys.find((k) => k.toLowerCase() === capture.toLowerCase()) ?? keys.find((k) => k === 'id') ?? keys.find((k) => /(Id|_id)$/.test(k));
}

/** The surface's say over collections (its `collections` option), with the surface's name for errors. */
export interface CollectionOverrides {
  readonly surface: string;
  readonly paths: Readonly<Record<string, false | { readonly idField: string }>>;
}

/**
 * The collections of a surface: an item path `P/{id}` (GET with an object body) whose parent `P`
 * lists or creates. decided: recognised by shape, printed at start, overridden per path by the
 * surface's `collections` option (docs/mocking.md "Stateful collections"); an override naming no such path, or
 * an id field the item lacks, is refused at start.
 */
export function findCollections(endpoints: readonly EndpointInfo[], overrides?: CollectionOverrides): Collection[] {
  const out: Collection[] = [];
  const used = new Set<string>();
  const refuse = (path: string, problem: string) => new SurfaceError(overrides?.surface ?? 'surface', `collections["${path}"]`, problem);
  const byPath = new Map<string, EndpointInfo[]>();
  for (const e of endpoints) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  for (const [path, items] of byPath) {
    const last = items[0]!.segments[items[0]!.segments.length - 1];
    if (last?.kind !== 'capture') continue;
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    const getOne = items.find((e) => e.method === 'GET');
    const item = objectOf(getOne && success(getOne)?.content?.codec);
    const override = overrides && Object.hasOwn(overrides.paths, parent) ? overrides.paths[parent] : undefined;
    if (override !== undefined && item) used.add(parent);
    if (override === false) continue;
    if (override && item && !Object.hasOwn(item.props, override.idField)) {
      throw refuse(parent, `the item ${item.label} has no field "${override.idField}" (fields: ${Object.keys(item.props).join(', ')})`);
    }
    const idField = item && (override ? override.idField : idFieldOf(item, last.name));
    if (!getOne || !item || !idField) continue;
    const roles = new Map<EndpointInfo, 'list' | 'create' | 'get' | 'replace' | 'update' | 'remove'>();
    for (const e of items) {
      const role = ({ GET: 'get', PUT: 'replace', PATCH: 'update', DELETE: 'remove' } as const)[e.method as 'GET'];
      if (role) roles.set(e, role);
    }
    const envelopes = new Map<EndpointInfo, Envelope>();
    for (const e of byPath.get(parent) ?? []) {
      if (e.method === 'POST' && e.body) roles.set(e, 'create');
      if (e.method !== 'GET') continue;
      const listed = success(e)?.content?.codec;
      if (listed?.kind === 'array') roles.set(e, 'list');
      const envelope = listed?.kind === 'array' ? undefined : envelopeOf(listed, item, idField);
      if (envelope) { roles.set(e, 'list'); envelopes.set(e, envelope); }
    }
    if ([...roles.values()].some((r) => r === 'list' || r === 'create')) out.push({ path: parent, idCapture: last.name, idField, item, endpoints: roles, envelopes });
  }
  for (const path of Object.keys(overrides?.paths ?? {})) {
    if (!used.has(path)) throw refuse(path, 'no collection here: a collection is a path P with GET P/{id} answering an object, and GET P (a list) or POST P');
  }
  return out;
}

/** A fresh id of the id field's type from the collection's next number: the number, a random UUID, else numbered text. */
function idOf(c: Collection, n: number): unknown {
  const field = c.item.props[c.idField]!;
  const schema = (field.kind === 'optional' ? field.inner : field).schema as { type?: string; format?: string };
  if (schema.type === 'integer' || schema.type === 'number') return n;
  // Web Crypto's (global in Node 20 and browsers), not node:crypto's: the mock module loads in browsers.
  if (schema.format === 'uuid') return globalThis.crypto.randomUUID();
  return String(n);
}

/** The parent instance of a request: the concrete path above the id (`/users/1/posts`). */
const parentOf = (path: string, role: string) => (role === 'list' || role === 'create' ? path : path.slice(0, path.lastIndexOf('/')) || '/');

/** What a stateful mock needs from its host: the stored items of every collection, and a reset. */
export interface StatefulMock {
  readonly collections: readonly Collection[];
  handlerFor(e: EndpointInfo): ((input: Record<string, unknown>, ctx: { readonly path: string }) => unknown) | undefined;
  /** Empties every collection and seeds it again (seed data, else the list examples). */
  reset(): Promise<void>;
}

/** Seed data that does not fit its collection: where (a JSON pointer into the file) and why. */
export class SeedDataError extends Error {
  override readonly name = 'SeedDataError';
}

const pointerStep = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * Checks seed data (`{ "/person": [ ... ] }`, a list per top-level collection path) against the
 * collections: every key a collection, every item accepted by its item codec with an id.
 */
function checkSeedData(collections: readonly Collection[], data: Readonly<Record<string, unknown>>): void {
  for (const [path, items] of Object.entries(data)) {
    const c = collections.find((x) => x.path === path && !x.path.includes('{'));
    if (!c) throw new SeedDataError(`${pointerStep(path)}: no collection at ${path} (collections: ${collections.filter((x) => !x.path.includes('{')).map((x) => x.path).join(', ') || 'none'})`);
    if (!Array.isArray(items)) throw new SeedDataError(`${pointerStep(path)}: expected a list of ${c.item.label}`);
    items.forEach((x, i) => {
      const r = c.item.check(x, '$');
      if (!r.ok) {
        const at = (r.path ?? '$').slice(1).replace(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g, (_m, a?: string, n?: string, q?: string) => pointerStep(a ?? n ?? JSON.parse(`"${q}"`)));
        throw new SeedDataError(`${pointerStep(path)}/${i}${at}: ${r.error}`);
      }
    });
  }
}

/**
 * The stateful handlers over `store`. decided (docs/mocking.md "Where the items are kept"): a store that kept items
 * from an earlier run is left as it is, unless seed data is given, which always starts the run; an
 * instance joining a run already started (`joinRun`: a later or replacement worker) never resets a kept store.
 */
export async function statefulMock(endpoints: readonly EndpointInfo[], store: CollectionStore, seedData?: Readonly<Record<string, unknown>>, overrides?: CollectionOverrides, joinRun = false): Promise<StatefulMock> {
  const collections = findCollections(endpoints, overrides);
  if (seedData) checkSeedData(collections, seedData);
  const seed = (atStart = false) => {
    const placed: PlacedItem[] = [];
    for (const c of collections) {
      // Seed data: the file's list for this path, else the list endpoint's first example (top-level collections only).
      if (c.path.includes('{')) continue;
      const list = [...c.endpoints].find(([, r]) => r === 'list')?.[0];
      const envelope = list && c.envelopes.get(list);
      const listed = list ? success(list)?.examples[0]?.value : undefined;
      const fromList = envelope && listed !== null && typeof listed === 'object' ? (listed as Record<string, unknown>)[envelope.field] : listed;
      const examples = seedData && Object.hasOwn(seedData, c.path) ? seedData[c.path] : fromList;
      if (!Array.isArray(examples)) continue;
      for (const x of examples) {
        if (x === null || typeof x !== 'object' || !c.item.check(x, '$').ok) continue;
        placed.push({ collection: c.path, parent: c.path, key: String((x as Record<string, unknown>)[c.idField]), item: { ...(x as Record<string, unknown>) } });
      }
    }
    return store.reset(placed, atStart);
  };
  // Seed data always starts the run, even over a state another instance placed meanwhile; an
  // instance joining the run finds it started.
  if (!store.kept || (seedData && !joinRun)) await seed(seedData === undefined);

  // An item's sample is deterministic and costs far more than a request (a few hundred us for S4's
  // Person): drawn once per collection, each new item gets its own copy.
  const samples = new Map<Collection, Record<string, unknown>>();
  const itemSample = (c: Collection) => {
    let s = samples.get(c);
    if (s === undefined) samples.set(c, (s = sample(c.item) as Record<string, unknown>));
    return structuredClone(s);
  };

  const handlerFor = (e: EndpointInfo) => {
    const c = collections.find((x) => x.endpoints.has(e));
    if (!c) return undefined;
    const role = c.endpoints.get(e)!;
    const ok = success(e);
    const notFound = e.responses.find((r) => r.status === 404);
    // A declared answer's example is sent as it is; declared content without one is the tool's own
    // error in that format (a problem+json says 404 and what is missing, where a sample said
    // `status: 400`); a declared answer without content, as declared.
    const declared = (r: ResponseSpec | undefined, status: number, message: string) => (r === undefined || (r.content && r.examples.length === 0)
      ? toolError(status, message)
      : reply(status, r.examples[0]?.value));
    const missing = () => declared(notFound, 404, `Not found: no item with this id in ${c.path}`);
    const answer = (value: unknown) => (ok?.content ? reply(ok.status, value) : reply(ok?.status ?? 204));
    const paging = role === 'list' ? pagingOf(e) : undefined;
    const envelope = c.envelopes.get(e);
    let frame: Record<string, unknown> | undefined;
    // The envelope's next-cursor field, found once per endpoint (not per request).
    const next = envelope && Object.keys(envelope.codec.props).find((k) => NEXT.test(k) && unwrapped(envelope.codec.props[k]!).schema.type === 'string');
    /** A listing's answer: the page, bare or in its envelope (the example's or sample's other fields, totals set). */
    const listing = (all: readonly Item[], input: Record<string, unknown>) => {
      const page = paged(all, paging!, input);
      if (!envelope) return page.items;
      if (frame === undefined) {
        const given = ok?.examples[0]?.value;
        let base: unknown = given;
        if (base === null || typeof base !== 'object' || Array.isArray(base)) { try { base = sample(envelope.codec); } catch { base = {}; } }
        frame = base as Record<string, unknown>;
      }
      const out: Record<string, unknown> = { ...structuredClone(frame), [envelope.field]: page.items };
      for (const k of envelope.totals) out[k] = all.length;
      // The next cursor where the envelope has one: the next offset while items remain, else null or absent.
      if (next !== undefined && paging!.cursor !== undefined) {
        const field = envelope.codec.props[next]!;
        if (page.next !== undefined) out[next] = String(page.next);
        else if (field.check(null, '$').ok) out[next] = null;
        else if (field.kind === 'optional') delete out[next];
      }
      return out;
    };
    /** A key the client chose (username, slug): a text id field its body sets to a value the field accepts. */
    const idCodec = c.item.props[c.idField]!;
    const textIds = !['integer', 'number'].includes(String(unwrapped(idCodec).schema.type));
    const chosenKey = (body: unknown): string | undefined => {
      if (!textIds || body === null || typeof body !== 'object') return undefined;
      const v = (body as Record<string, unknown>)[c.idField];
      return typeof v === 'string' && v !== '' && idCodec.check(v, '$').ok ? v : undefined;
    };
    const conflict = e.responses.find((r) => r.status === 409);
    const taken = (key: string) => declared(conflict, 409, `Conflict: ${c.path} already has an item with ${c.idField} ${JSON.stringify(key)}`);
    /**
     * An item its codec accepts: the body's fields the item declares and accepts, over what was
     * stored (an update) or the item's sample (a create, a replace), then the id.
     */
    const complete = (body: unknown, id: unknown, before?: Item) => {
      const out: Record<string, unknown> = before ? { ...before } : itemSample(c);
      if (body !== null && typeof body === 'object') {
        for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
          const field = Object.hasOwn(c.item.props, k) ? c.item.props[k]! : undefined;
          if (field && field.check(v, '$').ok) out[k] = v;
        }
      }
      out[c.idField] = id;
      return out;
    };
    return async (input: Record<string, unknown>, ctx: { readonly path: string }) => {
      const parent = parentOf(ctx.path, role);
      const key = String(input[c.idCapture]);
      switch (role) {
        case 'list': return answer(listing(await store.list(c.path, parent), input));
        case 'create': {
          // decided (docs/mocking.md "Stateful collections"): a text key the client gives is kept;
          // one already taken is a 409 (the declared one when there is one).
          const chosen = chosenKey(input.body);
          if (chosen !== undefined) {
            if (await store.get(c.path, parent, chosen)) return taken(chosen);
            return answer(await store.create(c.path, parent, () => ({ key: chosen, item: complete(input.body, chosen) })));
          }
          return answer(await store.create(c.path, parent, (n) => {
            const id = idOf(c, n);
            return { key: String(id), item: complete(input.body, id) };
          }));
        }
        case 'get': {
          const item = await store.get(c.path, parent, key);
          return item ? answer(item) : missing();
        }
        case 'replace': case 'update': {
          const stored = await store.update(c.path, parent, key, (before) => complete(input.body, before[c.idField], role === 'update' ? before : undefined));
          return stored ? answer(stored) : missing();
        }
        case 'remove': return (await store.remove(c.path, parent, key)) ? answer(undefined) : notFound ? missing() : answer(undefined);
      }
    };
  };
  return { collections, handlerFor, reset: () => seed() };
}
