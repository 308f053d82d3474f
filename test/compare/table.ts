// The comparison's results per document, and the Markdown tables docs/client.md quotes.
import type { MistakeKind } from './mistakes.js';

export type Client = 'api-serve' | 'openapi-fetch';
export const CLIENTS: readonly Client[] = ['api-serve', 'openapi-fetch'];

/** How a client handed an answer to its caller: thrown, returned as an error, returned as data. */
export type Handling = 'thrown' | 'returned as answer' | 'returned as error' | 'returned as data';

export interface Count { right: number; total: number }

export interface DocumentResult {
  readonly name: string;
  readonly operations: number;
  readonly encoded: Record<Client, Count>;
  readonly caught: Record<Client, Count>;
  /** A 418 the operation does not declare (no `default`). */
  readonly undeclared: Record<Client, Handling[]>;
  /** A 418 the document covers only by the operation's `default` response, with a body that response accepts. */
  readonly underDefault: Record<Client, Handling[]>;
  /** A declared status whose body its schema refuses. */
  readonly refusedBody: Record<Client, Handling[]>;
}

const count = (c: Count) => `${c.right}/${c.total}`;
const SHORT: Record<Handling, string> = { thrown: 'thrown', 'returned as answer': 'answer', 'returned as error': '`error`', 'returned as data': '`data`' };

/** `3/3 thrown`, or each handling with its count when they differ; `-` when none applied. */
function handled(list: readonly Handling[]): string {
  if (list.length === 0) return '-';
  const by = new Map<Handling, number>();
  for (const h of list) by.set(h, (by.get(h) ?? 0) + 1);
  return [...by].map(([h, n]) => `${n}/${list.length} ${SHORT[h]}`).join(', ');
}

const sum = (rows: readonly DocumentResult[], f: (r: DocumentResult) => Count): Count =>
  rows.reduce((a, r) => ({ right: a.right + f(r).right, total: a.total + f(r).total }), { right: 0, total: 0 });

export function resultsTable(rows: readonly DocumentResult[]): string {
  const pair = (f: (c: Client) => string) => CLIENTS.map(f).join(' · ');
  const lines = [
    '| document | operations | requests encoded right | type mistakes caught | undeclared status (418) | 418 under `default` (a body it accepts) | declared status, body its schema refuses |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.operations} | ${pair((c) => count(r.encoded[c]))} | ${pair((c) => count(r.caught[c]))} | ${pair((c) => handled(r.undeclared[c]))} | ${pair((c) => handled(r.underDefault[c]))} | ${pair((c) => handled(r.refusedBody[c]))} |`);
  }
  const flat = (f: (r: DocumentResult) => Record<Client, Handling[]>) => (c: Client) => handled(rows.flatMap((r) => f(r)[c]));
  lines.push(`| **all** | ${rows.reduce((a, r) => a + r.operations, 0)} | ${pair((c) => count(sum(rows, (r) => r.encoded[c])))} | ${pair((c) => count(sum(rows, (r) => r.caught[c])))} | ${pair(flat((r) => r.undeclared))} | ${pair(flat((r) => r.underDefault))} | ${pair(flat((r) => r.refusedBody))} |`);
  return lines.join('\n');
}

export function mistakesTable(byKind: ReadonlyMap<MistakeKind, Record<Client, Count>>): string {
  const lines = ['| mistake | api-serve | openapi-fetch |', '| --- | --- | --- |'];
  for (const [kind, c] of byKind) lines.push(`| ${kind} | ${count(c['api-serve'])} | ${count(c['openapi-fetch'])} |`);
  return lines.join('\n');
}
