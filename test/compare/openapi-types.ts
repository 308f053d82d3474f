// The one module that imports openapi-typescript: a document's `paths` types, as
// `npx openapi-typescript doc.yaml -o schema.ts` writes them (its Node API, the same code).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export async function writeOpenapiTypes(document: string, out: string): Promise<void> {
  writeFileSync(out, astToString(await openapiTS(pathToFileURL(document))));
}
