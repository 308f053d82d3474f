// What the benchmark runs: the contender processes and the workloads, each workload a list of
// cells (contender, port) with one baseline. S7 and S4 rows are included only when available.
import { join } from 'node:path';
import { ORDER } from '../contenders/order-work.mjs';

const here = new URL('..', import.meta.url).pathname;
const script = (name) => join(here, 'contenders', `${name}.mjs`);

export const CLIENT_INFO = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] };
export const PERSON = { name: 'Ada Lovelace', age: '36' };
export const ROUTING_SIZES = [10, 100, 1000];

/** The routing probe: the last `/res{i}/{id}` endpoint of a generated surface, near the end. */
export const probePath = (n) => `/res${Math.floor((n - 1) / 4) * 4}/42`;

const bare = (c, port) => ({ contender: c, proc: c, port });

/**
 * The plan for one run. `s7`/`s4` say whether those surfaces are served; `tmp` is a scratch
 * folder for S4's stores; `colorsFile` is the colour data the bare contenders page through;
 * `pg`, when a PostgreSQL is at hand, the URLs of its four databases (read, write, mix1, mix2).
 */
export function makePlan({ s7, s4, tmp, colorsFile, colorFields, pg }) {
  const colorsEnv = s7 ? { BENCH_COLORS: colorsFile, BENCH_COLOR_FIELDS: colorFields } : {};
  const processes = [
    { id: 'node:http', script: script('node-http'), args: [], env: colorsEnv },
    { id: 'polka', script: script('polka'), args: [], env: colorsEnv },
    { id: 'fastify', script: script('fastify'), args: [], env: colorsEnv },
    { id: 'api-serve', script: script('api-serve'), args: s7 ? ['S2', 'S7', 'orders', 'mock:S2'] : ['S2', 'orders', 'mock:S2'], env: {} },
    { id: 'api-serve routing', script: script('api-serve'), args: ROUTING_SIZES.map((n) => `routing:${n}`), env: {} },
  ];
  if (s4) {
    // Reads and writes on separate instances, so the list stays one size for the whole run.
    processes.push(
      { id: 'api-serve S4 read', script: script('api-serve'), args: ['S4', '--data', join(tmp, 'api-read')], env: {}, s4: true },
      { id: 'api-serve S4 write', script: script('api-serve'), args: ['S4', '--data', join(tmp, 'api-write')], env: {}, s4: true },
      { id: 'json-server read', script: script('json-server'), args: [join(tmp, 'js-read.json')], env: {}, s4: true, jsonServerDb: join(tmp, 'js-read.json') },
      { id: 'json-server write', script: script('json-server'), args: [join(tmp, 'js-write.json')], env: {}, s4: true, jsonServerDb: join(tmp, 'js-write.json') },
      // The stateful mock of S4 on its default store (lowdb's file), against the same json-server processes.
      { id: 'api-serve S4 mock read', script: script('api-serve'), args: ['mock-stateful:S4', '--data', join(tmp, 'mock-read')], env: {}, s4: true },
      { id: 'api-serve S4 mock write', script: script('api-serve'), args: ['mock-stateful:S4', '--data', join(tmp, 'mock-write')], env: {}, s4: true },
    );
    if (pg) {
      // One instance on each database; the mix runs one instance and two workers on databases of their own.
      processes.push(
        { id: 'api-serve S4 pg read', script: script('api-serve'), args: ['S4', '--store', pg.read], env: {}, s4: true },
        { id: 'api-serve S4 pg write', script: script('api-serve'), args: ['S4', '--store', pg.write], env: {}, s4: true },
        { id: 'api-serve S4 pg mix', script: script('api-serve'), args: ['S4', '--store', pg.mix1], env: {}, s4: true },
        { id: 'api-serve S4 pg x2 mix', script: script('api-serve'), args: ['S4', '--store', pg.mix2, '--workers', '2'], env: {}, s4: true },
      );
    }
  }
  const main = (id, label, req, expect) => ({
    id, label, group: 'main', baseline: 'node:http', reference: 'api-serve', expect, ...req,
    // api-serve sits next to the baseline and polka, so that its runs neighbour theirs in time.
    cells: [bare('node:http', 'main'), { contender: 'api-serve', proc: 'api-serve', port: req.surface ?? 'S2' }, bare('polka', 'main'), bare('fastify', 'main')],
  });
  const workloads = [
    main('s2-position', 'S2 GET /position/{x}/{y}', { method: 'GET', path: '/position/3/14' }, 200),
    main('s2-hello', 'S2 GET /hello?name=...', { method: 'GET', path: '/hello?name=John%20Doe' }, 200),
    main('s2-marketing', 'S2 POST /marketing (JSON)', { method: 'POST', path: '/marketing', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CLIENT_INFO) }, 200),
    main('error-400', 'GET /position/abc/1 -> 400', { method: 'GET', path: '/position/abc/1' }, 400),
    {
      // Body validation of 20 constrained fields: api-serve's compiled codec against the same rules
      // written by hand in the bare contender (order-work.mjs).
      id: 'body-20', label: 'POST /orders (20 constrained fields)', group: 'main', baseline: 'node:http', reference: 'api-serve', expect: 200,
      method: 'POST', path: '/orders', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORDER),
      cells: [bare('node:http', 'main'), { contender: 'api-serve', proc: 'api-serve', port: 'orders' }],
    },
  ];
  // The mock interpreter against the handled surface, same process, same request and answer.
  workloads.push({
    id: 'mock-s2', label: 'S2 GET /position mocked vs handled', group: 'mock', baseline: 'api-serve', expect: 200, method: 'GET', path: '/position/3/14',
    cells: [{ contender: 'api-serve', proc: 'api-serve', port: 'S2' }, { contender: 'api-serve --mock', proc: 'api-serve', port: 'mock:S2' }],
  });
  if (s7) {
    workloads.push(main('s7-colors', 'S7 GET /colors + Range', { method: 'GET', path: '/colors', headers: { range: 'name green; limit 10; order asc' }, surface: 'S7' }, 206));
  }
  if (s4) {
    const s4cells = (kind) => [
      { contender: 'json-server', proc: `json-server ${kind}`, port: 'S4' },
      { contender: 'api-serve', proc: `api-serve S4 ${kind}`, port: 'S4' },
      ...(pg ? [{ contender: 'api-serve pg', proc: `api-serve S4 pg ${kind}`, port: 'S4' }] : []),
    ];
    const s4w = (id, label, req, kind) => ({ id, label, group: 's4', baseline: 'json-server', expect: '2xx', ...req, cells: s4cells(kind) });
    workloads.push(
      s4w('s4-create', 'S4 POST /person (create)', { method: 'POST', path: '/person', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PERSON), fixedAmount: true }, 'write'),
      s4w('s4-list', 'S4 GET /person (list of 50)', { method: 'GET', path: '/person' }, 'read'),
      s4w('s4-get', 'S4 GET /person/{id}', { method: 'GET', path: '/person/{id}' }, 'read'),
    );
    // The stateful mock (issue 17): json-server is what a mock user would otherwise run.
    const mockCells = (kind) => [{ contender: 'json-server', proc: `json-server ${kind}`, port: 'S4' }, { contender: 'api-serve --mock --stateful', proc: `api-serve S4 mock ${kind}`, port: 'S4' }];
    const mockw = (id, label, req, kind) => ({ id, label, group: 'mock', baseline: 'json-server', expect: '2xx', ...req, cells: mockCells(kind) });
    workloads.push(
      mockw('mock-stateful-create', 'S4 --mock --stateful POST /person (lowdb)', { method: 'POST', path: '/person', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PERSON), fixedAmount: true }, 'write'),
      mockw('mock-stateful-get', 'S4 --mock --stateful GET /person/{id} (lowdb)', { method: 'GET', path: '/person/{id}' }, 'read'),
      mockw('mock-stateful-list', 'S4 --mock --stateful GET /person (list of 50, lowdb)', { method: 'GET', path: '/person' }, 'read'),
    );
    if (pg) {
      // Each connection alternates a create and a get by id (`requests`, the get's path set once seeded).
      const create = { method: 'POST', path: '/person', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PERSON) };
      workloads.push({
        id: 's4-mix', label: 'S4 create + get by id, PostgreSQL: 1 vs 2 processes', group: 's4', baseline: 'api-serve pg', expect: '2xx', ...create, mix: true,
        cells: [{ contender: 'api-serve pg', proc: 'api-serve S4 pg mix', port: 'S4' }, { contender: 'api-serve pg x2', proc: 'api-serve S4 pg x2 mix', port: 'S4' }],
      });
    }
  }
  for (const n of ROUTING_SIZES) {
    workloads.push({
      id: `routing-${n}`, label: `routing, ${n} endpoints`, group: 'routing', baseline: 'api-serve', expect: 200, method: 'GET',
      path: probePath(n), cells: [{ contender: 'api-serve', proc: 'api-serve routing', port: `routing:${n}` }],
    });
  }
  return { processes, workloads };
}
