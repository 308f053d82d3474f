// Before measuring: seed the S4 stores over HTTP, and check that every contender answers each
// workload with the same status, content type, headers and body as the reference (same work).
import http from 'node:http';

export function request(port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) }, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.once('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
    req.once('error', reject);
    req.end(body);
  });
}

/** Creates `count` persons through the API; returns the id of the first (the `get` probe). */
export async function seedPersons(port, person, count) {
  let firstId;
  for (let i = 0; i < count; i++) {
    const r = await request(port, { method: 'POST', path: '/person', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) });
    if (r.status < 200 || r.status > 299) throw new Error(`seeding POST /person answered ${r.status}: ${r.body.slice(0, 200)}`);
    if (firstId === undefined) {
      const v = JSON.parse(r.body);
      firstId = v.id ?? v.Id ?? v.ID ?? v.personId;
    }
  }
  if (firstId === undefined) throw new Error('seeding: the created person carries no id field');
  return firstId;
}

const COMPARED_HEADERS = ['content-type', 'total-count', 'accept-ranges', 'content-range', 'next-range'];
const expected = (w, status) => (w.expect === '2xx' ? status >= 200 && status <= 299 : status === w.expect);

/**
 * One request per cell. A cell whose status is not the workload's is dropped (with a note); a
 * cell that differs from the reference in body or compared headers is kept but flagged.
 */
export async function checkSameWork(workloads, portOf, notes) {
  for (const w of workloads) {
    const answers = new Map();
    for (const cell of w.cells) {
      try {
        answers.set(cell, await request(portOf(cell), { method: w.method, path: cell.path ?? w.path, headers: w.headers, body: w.body }));
      } catch (err) {
        cell.invalid = `no answer: ${err.message}`;
      }
    }
    for (const [cell, a] of answers) {
      if (!expected(w, a.status)) cell.invalid = `answered ${a.status} instead of ${w.expect}: ${a.body.slice(0, 120)}`;
    }
    // Said before the comparison, which workloads without a reference (S4's) skip.
    for (const cell of w.cells) if (cell.invalid) notes.push(`${w.id}: ${cell.contender} left out, it ${cell.invalid}`);
    const ref = w.cells.find((c) => c.contender === w.reference);
    const refAnswer = ref && answers.get(ref);
    if (!refAnswer) continue;
    for (const [cell, a] of answers) {
      if (cell === ref || cell.invalid) continue;
      const diffs = [];
      if (a.body !== refAnswer.body) diffs.push(`body ${JSON.stringify(a.body.slice(0, 80))} vs ${JSON.stringify(refAnswer.body.slice(0, 80))}`);
      for (const h of COMPARED_HEADERS) {
        const mine = String(a.headers[h] ?? '').replace(/; /g, ';').toLowerCase();
        const theirs = String(refAnswer.headers[h] ?? '').replace(/; /g, ';').toLowerCase();
        if (mine !== theirs) diffs.push(`${h}: ${JSON.stringify(a.headers[h] ?? null)} vs ${JSON.stringify(refAnswer.headers[h] ?? null)}`);
      }
      if (diffs.length > 0) {
        cell.differs = diffs.join('; ');
        notes.push(`${w.id}: ${cell.contender} does not answer exactly as ${w.reference} (${cell.differs})`);
      }
    }
  }
}
