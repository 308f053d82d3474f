// S8: miscellany - persons as JSON or HTML, a file's content, static files, a newline-framed user
// stream, optional typed response headers, and a small computation demo.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  api, body, capture, content, get, implement, json, plainText, reply, rest, sendFile,
} from '../src/dsl/index.js';
import { escapeHtml, media, t } from '../src/codec/index.js';

const Person = t.object('Person', { firstName: t.text, lastName: t.text });
type Person = t.Infer<typeof Person>;
const User = t.object('User', { name: t.text, age: t.int, email: t.text, registration_date: t.date });
type User = t.Infer<typeof User>;
const FileContent = t.object('FileContent', { content: t.text });

const persons: Person[] = [{ firstName: 'Isaac', lastName: 'Newton' }, { firstName: 'Albert', lastName: 'Einstein' }];
const isaac: User = { name: 'Isaac Newton', age: 372, email: 'isaac@newton.co.uk', registration_date: '1683-03-01' };
const albert: User = { name: 'Albert Einstein', age: 136, email: 'ae@mc2.org', registration_date: '1905-12-01' };

/** The persons as one HTML table: a header row of `th` cells, then a row per person (text escaped). */
export function personsTable(list: readonly Person[]): string {
  const row = (p: Person) => `<tr><td>${escapeHtml(p.firstName)}</td><td>${escapeHtml(p.lastName)}</td></tr>`;
  return `<table><tr><th>first name</th><th>last name</th></tr>${list.map(row).join('')}</table>`;
}
export const Persons = content(t.array(Person), [media.json, media.html(personsTable)]);

export const MISSING_FILE = "myfile.txt just isn't there, please leave this server alone.";

export const surface = api('S8', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Content negotiation, file content, static files, a stream, optional response headers', port: 8081 }, {
  persons: get('persons').returns(Persons, { examples: [{ value: persons }] })
    .summarize('The persons, as JSON or as an HTML table (by Accept).'),
  myfile: get('myfile.txt').returns(json(FileContent), { examples: [{ value: { content: 'Hello\n' } }] })
    .responds(404, plainText(t.text), {
      description: 'myfile.txt is missing from the data directory.',
      examples: [{ value: MISSING_FILE, unverifiable: 'answered only when myfile.txt is missing from the data directory, and a server is started with the shipped one' }],
    })
    .summarize('The text of myfile.txt in the data directory.'),
  // decided: declared without content so no Accept is refused (the type follows the file's
  // extension); docs/decisions.md "S8 static files".
  static: get('static', rest('path', 'the file path below the data directory\'s static/'))
    .empty(200, { file: true, description: 'The file (Content-Type by extension, ETag, 304 on If-None-Match, byte ranges).' })
    .responds(404, plainText(t.text), { description: 'No such file, or a path that leaves static/ or names a dot-file.', examples: [{ value: 'Not found: GET /static/missing.txt', request: { url: '/static/missing.txt' } }] })
    .summarize('Files under the data directory\'s static/.'),
  userStream: get('userStream').streams(json(User), { description: 'Each user as one JSON line, flushed as it is produced.' })
    .summarize('A newline-framed stream of users.'),
  a: get('a').returns(json(t.int), { examples: [{ value: 1797 }] }),
  b: get('b', body(t.number, [media.json], [{ value: 42 }])).returns(json(t.bool), { examples: [{ value: true }] }),
  withHeader: get(capture('withHeader', t.bool, 'whether the reply carries X-An-Int'))
    .returns(json(User), { headers: { 'X-An-Int': t.describe(t.int, 'Present only when withHeader is true.'), 'X-A-Bool': t.bool }, examples: [{ value: albert }] })
    .summarize('Albert, with an optional X-An-Int header.'),
});

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException)?.code ?? '');

/** The stream's users, one at a time; stops early when the client has gone. */
async function* users(signal: AbortSignal): AsyncGenerator<User> {
  for (const user of [isaac, albert, albert]) {
    if (signal.aborted) return;
    yield user;
  }
}

export const handlers = implement(surface, (env) => ({
  persons: () => persons,
  myfile: async () => {
    try {
      return { content: await readFile(join(env.dataDir, 'myfile.txt'), 'utf8') };
    } catch (err) {
      if (isMissing(err)) return reply(404, MISSING_FILE);
      throw err;
    }
  },
  static: ({ path }) => sendFile(join(env.dataDir, 'static'), path),
  userStream: (_input, ctx) => users(ctx.signal),
  a: () => 1797,
  b: () => true,
  withHeader: ({ withHeader }) => (withHeader ? reply({ body: albert, headers: { 'X-An-Int': 1797 } }) : albert),
}));
