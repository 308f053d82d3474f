// What the docs golden files under test/golden/ hold: the Markdown of every registry surface, S2's
// OpenAPI, and both documents of the comprehensive surface (test/surfaces/), rendered in-process
// exactly as `api-docs` renders them. Shared by the golden test and scripts/update-golden.mjs.
import { join } from 'node:path';
import { registry } from '../../specs/index.js';
import { surface as comprehensive } from '../surfaces/comprehensive.js';
import { docModel, openApiText, renderMarkdown } from '../../src/docs/index.js';
import { ROOT } from '../helpers/cli.js';

export const GOLDEN_DIR = join(ROOT, 'test', 'golden');

export interface Golden {
  /** File name inside test/golden/. */
  readonly file: string;
  render(): Promise<string>;
}

const load = async (name: string) => (await registry[name]!.load()).surface;

/** Every golden file, for the registry as it is now (surfaces that land later get theirs too). */
export function goldens(): Golden[] {
  return [
    ...Object.keys(registry).map((name) => ({ file: `${name}.md`, render: async () => renderMarkdown(docModel(await load(name))) })),
    { file: 'S2.openapi.json', render: async () => openApiText(docModel(await load('S2'))) },
    { file: 'comprehensive.md', render: async () => renderMarkdown(docModel(comprehensive)) },
    { file: 'comprehensive.openapi.json', render: async () => openApiText(docModel(comprehensive)) },
  ];
}
