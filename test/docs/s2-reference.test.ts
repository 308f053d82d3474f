// S2's Markdown against the reference document (servant-docs' `markdown (docsWithIntros [intro]
// exampleAPI)`, with the form variant of /marketing), section by section. Our JSON type is one
// media type, so, as servant master prints it, single untitled samples read "Response body as
// below." JSON bodies compare as values (key order is the encoder's), form bodies as key/value pairs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { surface } from '../../specs/S2.js';
import { intro } from '../../specs/S9.js';
import { docModel, renderMarkdown } from '../../src/docs/index.js';

const FENCE = '```';
const J = '`application/json;charset=utf-8`';
const REFERENCE = `## Welcome

This is our super webservice's API.

Enjoy!

## GET /hello

### GET Parameters:

- name
     - **Values**: *Alp, John Doe, ...*
     - **Description**: Name of the person to say hello to.


### Response:

- Status code 200
- Headers: []

- Supported content types are:

    - ${J}

- When a value is provided for 'name' (${J}):

${FENCE}json
{"msg":"Hello, Alp"}
${FENCE}

- When 'name' is not specified (${J}):

${FENCE}json
{"msg":"Hello, anonymous coward"}
${FENCE}

## POST /marketing

### Request:

- Supported content types are:

    - ${J}
    - \`application/x-www-form-urlencoded\`

- Example (${J}):

${FENCE}json
{"clientAge":26,"clientEmail":"alp@foo.com","clientInterestedIn":["haskell","mathematics"],"clientName":"Alp"}
${FENCE}

- Example (\`application/x-www-form-urlencoded\`):

${FENCE}
clientAge=26&clientEmail=alp%40foo.com&clientInterestedIn=haskell&clientInterestedIn=mathematics&clientName=Alp
${FENCE}

### Response:

- Status code 200
- Headers: []

- Supported content types are:

    - ${J}

- Response body as below.

${FENCE}json
{"body":"Hi Alp,\\n\\nSince you've recently turned 26, have you checked out our latest haskell, mathematics products? Give us a visit!","from":"great@company.com","subject":"Hey Alp, we miss you!","to":"alp@foo.com"}
${FENCE}

## GET /position/:x/:y

### Captures:

- *x*: (integer) position on the x axis
- *y*: (integer) position on the y axis

### Response:

- Status code 200
- Headers: []

- Supported content types are:

    - ${J}

- Response body as below.

${FENCE}json
{"xCoord":3,"yCoord":14}
${FENCE}

`;

/** Splits a document at its headings: `[heading, body lines]` per section. */
function sections(doc: string): { heading: string; lines: string[] }[] {
  const out: { heading: string; lines: string[] }[] = [];
  for (const line of doc.split('\n')) {
    if (line.startsWith('## ') || line.startsWith('### ')) out.push({ heading: line, lines: [] });
    else out[out.length - 1]!.lines.push(line);
  }
  return out;
}

/** A body line as a comparable value: JSON parsed, form pairs sorted, other text as it is. */
function comparable(line: string): unknown {
  if (/^[{["\d]/.test(line)) {
    try { return { json: JSON.parse(line) as unknown }; } catch { return line; }
  }
  if (/^\w+=[^ ]*(&\w+=[^ ]*)+$/.test(line)) return { form: [...new URLSearchParams(line)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
  return line;
}

const ours = renderMarkdown(docModel(surface, { intros: [intro] }));

test('S2 has the reference headings in the reference order', () => {
  assert.equal(sections(ours).map((s) => s.heading), sections(REFERENCE).map((s) => s.heading));
});

for (const [i, ref] of sections(REFERENCE).entries()) {
  test(`S2 section ${i + 1} "${ref.heading}" says what the reference says`, () => {
    const got = sections(ours)[i];
    assert.ok(got, `missing section ${ref.heading}`);
    assert.is(got.heading, ref.heading);
    assert.equal(got.lines.map(comparable), ref.lines.map(comparable));
  });
}

test('S2 ends with the blank line after the last fence, like the reference', () => {
  assert.ok(ours.endsWith('```\n\n'));
});

test('S2 without an intro starts with its title as a section, then its first endpoint', () => {
  assert.ok(renderMarkdown(docModel(surface)).startsWith('## Position lookup, greeting, and marketing-email generation\n\n## GET /hello\n\n### GET Parameters:\n'));
});

test.run();
