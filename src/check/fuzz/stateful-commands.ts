// The commands of a stateful run, one fast-check arbitrary per kind (create, get, list, update,
// delete, get after delete): each sends its request through the collection's context, checks the
// answer against the model and moves the model on. `commandsOf` fixes the order fast-check draws from.
import type { EndpointInfo } from '../../dsl/types.js';
import { fc } from '../../generate/index.js';
import { success } from './runnable-collections.js';
import type { Expectation } from './stateful.js';
import { type CollectionContext, type Model, type Real, Violation, departs, is2xx, itemPath, json, numeric, pick } from './stateful-context.js';
import { validBodies } from './probes.js';
import { nextPagePath } from './list-pages.js';

export type Cmd = fc.AsyncCommand<Model, Real, boolean>;

/** A create: the answer must carry an id no item of this sequence had before. */
function creating(ctx: CollectionContext): fc.Arbitrary<Cmd> {
  const { create, collection: c } = ctx;
  return validBodies(create, json(create)).map((body): Cmd => ({
    check: () => true,
    async run(m, real) {
      const { actual, doc } = await ctx.exchange(real, create, ctx.requestOf(create, real.path, body));
      if (!is2xx(actual.status)) return;
      const id = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[c.idField] : undefined;
      if (id === undefined) throw new Violation('ensure_resource_availability', `the created item has no ${c.idField}`, { kind: 'status', status: actual.status });
      const key = String(id);
      const step = real.steps[real.steps.length - 1]!;
      real.steps[real.steps.length - 1] = { ...step, created: key, idField: c.idField };
      // Within the sequence only, so the shrunk sequence alone shows it (earlier runs' items may be gone).
      if (m.live.has(key) || m.gone.includes(key)) {
        throw new Violation('unique_id', `${c.idField} ${key} was already given to an item created before (ids are never reused)`, { kind: 'carries', status: actual.status, id: key, numeric: numeric(id), carries: false });
      }
      m.live.set(key, doc as Record<string, unknown>);
      m.ids.set(key, id);
    },
    toString: () => `create ${body?.text ?? ''}`,
  }));
}

/** A get of a live item: it must answer the item as the model holds it. */
function getting(ctx: CollectionContext): fc.Arbitrary<Cmd> {
  const { getOne } = ctx;
  return fc.nat().map((i): Cmd => ({
    check: (m) => m.live.size > 0,
    async run(m, real) {
      const [key, item] = pick([...m.live], i);
      const at = itemPath(real, key);
      const { actual, doc } = await ctx.exchange(real, getOne, ctx.requestOf(getOne, at));
      const ok = success(getOne)?.status ?? 200;
      if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `GET ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'item', status: ok, item });
      const d = departs(item, doc);
      if (d) throw new Violation('ensure_resource_availability', `GET ${at}: ${d}`, { kind: 'item', status: ok, item });
    },
    toString: () => `get #${i}`,
  }));
}

/** A list: every live item listed as the model holds it, no deleted one. */
function listing(ctx: CollectionContext, list: EndpointInfo): fc.Arbitrary<Cmd> {
  const c = ctx.collection;
  return fc.constant<Cmd>({
    check: () => true,
    async run(m, real) {
      const { actual, doc } = await ctx.exchange(real, list, ctx.requestOf(list, real.path));
      if (!is2xx(actual.status) || !Array.isArray(doc)) return;
      const all: unknown[] = [];
      const ids = new Set<string>();
      /** Takes a page's items; how many carry an id not seen on an earlier page. */
      const take = (items: readonly unknown[]) => {
        const known = ids.size;
        for (const x of items) {
          all.push(x);
          if (x !== null && typeof x === 'object') ids.add(String((x as Record<string, unknown>)[c.idField]));
        }
        return ids.size - known;
      };
      take(doc);
      // A listing that pages (museum's `?page=2`) is read to its end: an item on page 2 is listed.
      // A page of nothing new (a server ignoring the parameter) is the end too.
      let last = doc.length;
      for (let n = 1, at = nextPagePath(list, real.path, n, all.length, last, doc.length); at !== undefined; n++, at = nextPagePath(list, real.path, n, all.length, last, doc.length)) {
        const page = await ctx.exchange(real, list, ctx.requestOf(list, at));
        if (!is2xx(page.actual.status) || !Array.isArray(page.doc)) break;
        last = take(page.doc) === 0 ? 0 : page.doc.length;
      }
      const listed = new Map(all.filter((x) => x !== null && typeof x === 'object').map((x) => [String((x as Record<string, unknown>)[c.idField]), x as unknown]));
      const carrying = (key: string, carries: boolean): Expectation => ({ kind: 'carries', status: actual.status, id: key, numeric: numeric(m.ids.get(key)), carries });
      for (const [key, item] of m.live) {
        if (!listed.has(key)) throw new Violation('ensure_resource_availability', `GET ${real.path} does not list ${c.idField} ${key}, created and not deleted`, carrying(key, true));
        const d = departs(item, listed.get(key));
        // decided: the format cannot say "a list holding this item", so the fixture asks for its id (docs/decisions.md "Fuzz").
        if (d) throw new Violation('ensure_resource_availability', `GET ${real.path}, ${c.idField} ${key}: ${d}`, carrying(key, true));
      }
      const leaked = m.gone.find((k) => listed.has(k));
      if (leaked !== undefined) throw new Violation('use_after_free', `GET ${real.path} still lists ${c.idField} ${leaked} after its DELETE`, carrying(leaked, false));
    },
    toString: () => 'list',
  });
}

/** An update (PUT or PATCH) of a live item: it must succeed; the model takes the new fields. */
function updating(ctx: CollectionContext, update: EndpointInfo): fc.Arbitrary<Cmd> {
  const c = ctx.collection;
  return fc.tuple(fc.nat(), validBodies(update, json(update))).map(([i, body]): Cmd => ({
    check: (m) => m.live.size > 0,
    async run(m, real) {
      const [key, before] = pick([...m.live], i);
      const at = itemPath(real, key);
      const { actual, doc } = await ctx.exchange(real, update, ctx.requestOf(update, at, body));
      if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `${update.method} ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'status', status: success(update)?.status ?? 200 });
      // The model follows what the server answered; without an answer, what was sent.
      let sent: Record<string, unknown> = {};
      try { sent = body?.text === undefined ? {} : JSON.parse(body.text) as Record<string, unknown>; } catch { /* not JSON: the model keeps only the id */ }
      const after = doc !== null && typeof doc === 'object' ? doc as Record<string, unknown>
        : { ...(update.method === 'PATCH' ? before : {}), ...(sent !== null && typeof sent === 'object' ? sent : {}), [c.idField]: before[c.idField] };
      m.live.set(key, after);
    },
    toString: () => `update #${i}`,
  }));
}

/** A delete of a live item: it must succeed; the model remembers the id as gone. */
function removing(ctx: CollectionContext, remove: EndpointInfo): fc.Arbitrary<Cmd> {
  return fc.nat().map((i): Cmd => ({
    check: (m) => m.live.size > 0,
    async run(m, real) {
      const [key] = pick([...m.live], i);
      const at = itemPath(real, key);
      const { actual } = await ctx.exchange(real, remove, ctx.requestOf(remove, at));
      if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `DELETE ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'status', status: success(remove)?.status ?? 200 });
      m.live.delete(key);
      m.gone.push(key);
    },
    toString: () => `delete #${i}`,
  }));
}

/** A get of a deleted item: it must answer 404. */
function gettingDeleted(ctx: CollectionContext): fc.Arbitrary<Cmd> {
  const { getOne } = ctx;
  return fc.nat().map((i): Cmd => ({
    check: (m) => m.gone.length > 0,
    async run(m, real) {
      const key = pick(m.gone, i);
      const at = itemPath(real, key);
      const { actual } = await ctx.exchange(real, getOne, ctx.requestOf(getOne, at), true);
      if (actual.status !== 404) throw new Violation('use_after_free', `GET ${at} after its DELETE answered ${actual.status}, expected 404`, { kind: 'status', status: 404 });
    },
    toString: () => `get deleted #${i}`,
  }));
}

/**
 * The collection's commands, in the order fast-check draws from: a seed names a sequence only
 * for this order, so reordering changes what every seed generates.
 */
export function commandsOf(ctx: CollectionContext): fc.Arbitrary<Cmd>[] {
  const creates = creating(ctx);
  // Twice: every other command needs an item, so creates come as often as reads and deletes together.
  const commands = [creates, creates, getting(ctx)];
  if (ctx.list) commands.push(listing(ctx, ctx.list));
  if (ctx.update) commands.push(updating(ctx, ctx.update));
  if (ctx.remove) commands.push(removing(ctx, ctx.remove), gettingDeleted(ctx));
  return commands;
}
