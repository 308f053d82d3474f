// A generated surface of N endpoints with mixed static and capture segments, for the routing-scale
// rows. Every fourth endpoint is `/res{i}/{id}`; the probe (bench/lib/plan.mjs) is the last of those.
import { api, capture, get, implement, json, t } from '../../dist/src/index.js';

const Item = t.object('Item', { id: t.int, n: t.int });

export function routingSurface(n) {
  const tree = {};
  const handlers = {};
  for (let i = 0; i < n; i++) {
    const k = `e${i}`;
    switch (i % 4) {
      case 0: tree[k] = get(`res${i}`, capture('id', t.int)).returns(json(Item)); break;
      case 1: tree[k] = get('api', 'v1', `res${i}`, 'list').returns(json(Item)); break;
      case 2: tree[k] = get(`res${i}`, capture('id', t.int), 'items', capture('m', t.int)).returns(json(Item)); break;
      default: tree[k] = get('shop', capture('shop', t.int), `res${i}`).returns(json(Item)); break;
    }
    handlers[k] = (input) => ({ id: input.id ?? input.shop ?? 0, n: i });
  }
  return implement(api(`R${n}`, { title: `${n} generated endpoints` }, tree), handlers);
}
