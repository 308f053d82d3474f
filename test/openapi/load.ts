// Test helper: a document of test/openapi/docs imported as the commands import it.
import { fileURLToPath } from 'node:url';
import { importSurface, loadDocument, type ImportedSurface } from '../../src/openapi/index.js';

export const DOCS = fileURLToPath(new URL('./docs/', import.meta.url));

export async function imported(file: string): Promise<ImportedSurface> {
  return importSurface(await loadDocument(file.startsWith('/') ? file : `${DOCS}${file}`), file.replace(/^.*\//, '').replace(/\.\w+$/, ''));
}
