// Swagger 2.0 read as OpenAPI 3.0: swagger2openapi (Mermade's converter) over the bundled document.
// The only module importing swagger2openapi; load-document.ts loads it for a 2.0 document only.
import { convertObj } from 'swagger2openapi';
import { child } from './warnings.js';

/** A 2.0 document the converter refused: `message` is its reason, one line. */
export class Swagger2Error extends Error {}

/** What the conversion could not carry over as it is: its pointer is in the converted document. */
export interface ConversionNote {
  readonly pointer: string;
  readonly message: string;
}

export interface Converted {
  readonly document: Record<string, unknown>;
  readonly notes: readonly ConversionNote[];
}

/** Where the converter records what it cannot convert losslessly (its `warnOnly` mode). */
const NOTE = 'x-s2o-warning';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Takes the converter's notes out of the document (they are warnings, not the author's extensions). */
function takeNotes(value: unknown, pointer: string, notes: ConversionNote[]): void {
  if (!isObject(value)) return;
  if (Array.isArray(value)) { value.forEach((v, i) => takeNotes(v, child(pointer, i), notes)); return; }
  const note = value[NOTE];
  if (typeof note === 'string') {
    notes.push({ pointer, message: note });
    delete value[NOTE];
  }
  for (const [k, v] of Object.entries(value)) takeNotes(v, child(pointer, k), notes);
}

/**
 * The OpenAPI 3.0 document of a Swagger 2.0 one whose external `$ref`s are already bundled (through
 * the fence): resolving is off and the converter's fetch refuses, so it reads nothing itself.
 */
export async function convertSwagger2(document: Record<string, unknown>): Promise<Converted> {
  const refuse: typeof fetch = () => Promise.reject(new Swagger2Error('a Swagger 2.0 document is read from local files only'));
  let converted: unknown;
  try {
    const out = await convertObj(structuredClone(document) as unknown as Parameters<typeof convertObj>[0], {
      // `patch` fixes what the 2.0 schema lets pass but 3.0 does not (a path parameter without
      // `required`); `warnOnly` turns a lossy conversion into a note rather than a refusal.
      patch: true, warnOnly: true, resolve: false, fetch: refuse,
      // YAML aliases were counted against the bound before this; the converter copies each.
      anchors: true,
      // Only quoted by its reports: given, so it does not write the whole document out as YAML.
      text: '-',
    });
    converted = out.openapi;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Swagger2Error(message.split('\n')[0]!.trim());
  }
  if (!isObject(converted) || Array.isArray(converted)) throw new Swagger2Error('the converter gave no document');
  const notes: ConversionNote[] = [];
  takeNotes(converted, '', notes);
  return { document: converted, notes };
}
