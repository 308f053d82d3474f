// A malformed --base-url is a bad command line (one line on stderr, exit 2) for api-check and
// api-check fuzz alike, never an unreachable server (exit 3): an empty port above all.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { baseUrlProblem } from '../../src/cli/base-url.js';
import { runBin } from '../helpers/cli.js';

const REFUSED: [string, RegExp][] = [
  ['http://127.0.0.1:', /the port after ":" is empty/],
  ['http://[::1]:', /the port after ":" is empty/],
  ['http://127.0.0.1:0', /port 0 names no server/],
  ['http://127.0.0.1:99999', /does not parse as a URL/],
  ['http://127.0.0.1:abc', /does not parse as a URL/],
  ['http://:8080', /does not parse as a URL/],
  ['localhost:8080', /must start with http:\/\/ or https:\/\//],
  ['ftp://127.0.0.1', /must start with http:\/\/ or https:\/\//],
  ['http://127.0.0.1:8080?x=1', /a query has no place/],
  ['http://127.0.0.1:8080/#top', /a fragment has no place/],
];
for (const [url, why] of REFUSED) {
  test(`--base-url ${url} is refused: ${why.source}`, () => {
    assert.match(baseUrlProblem(url) ?? 'accepted', why);
  });
}

for (const url of ['http://127.0.0.1:8080', 'https://example.com', 'http://[::1]:3000', 'http://localhost:8080/api']) {
  test(`--base-url ${url} is accepted`, () => {
    assert.is(baseUrlProblem(url), undefined);
  });
}

for (const args of [['fuzz', 'S2'], ['test/fixtures/S2']]) {
  for (const url of ['http://127.0.0.1:', 'http://127.0.0.1:0', 'http://127.0.0.1:99999']) {
    test(`api-check ${args.join(' ')} --base-url ${url}: one line on stderr, exit 2, nothing sent`, () => {
      const r = runBin('api-check', [...args, '--base-url', url]);
      assert.is(r.code, 2, r.stdout + r.stderr);
      assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^api-check: --base-url: "${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not an http\\(s\\) URL`));
      assert.is(r.stdout, '');
    });
  }
}

test.run();
