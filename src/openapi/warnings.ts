// What an imported document says that a surface cannot carry: each is one warning naming the
// JSON pointer of the construct, so nothing is dropped without a line saying so.
import { child as step } from '../codec/json-pointer.js';
import { oneLine } from './source-text.js';

export interface ImportWarning {
  /** RFC 6901 pointer into the document (`/paths/~1pets/get/callbacks`). */
  readonly pointer: string;
  readonly message: string;
  /**
   * The schema keyword whose check is left out or made weaker (`unevaluatedProperties`, `$ref`),
   * when the warning means a weaker check: such a document is refused unless the user is lenient.
   */
  readonly weaker?: string;
}

/**
 * The pointer of a descendant: `child('/paths', '/pets', 'get')` is `/paths/~1pets/get`. A key
 * with nothing to escape is appended as it is (the importer makes a pointer for every place it
 * reads, most of them plain words).
 */
export const child = (pointer: string, ...keys: readonly (string | number)[]): string =>
  keys.reduce<string>((p, k) => {
    const key = String(k);
    return key.includes('~') || key.includes('/') ? step(p, key) : `${p}/${key}`;
  }, pointer);

/** Where a pointer into the document read points in the file (a Swagger 2.0 file is read converted). */
export type InFile = (pointer: string) => { readonly pointer: string; readonly exact: boolean };

export class Warnings {
  readonly list: ImportWarning[] = [];
  /** What was said already: a shared component (a response every operation names) is read once per use, said once. */
  private readonly said = new Set<string>();
  constructor(private readonly inFile?: InFile) {}
  add(pointer: string, message: string, weaker?: string): void {
    const also = weaker === undefined ? {} : { weaker };
    // The pointer the user can open; where the file has no exact place, the converted one is said too.
    const at = this.inFile?.(pointer) ?? { pointer, exact: true };
    this.push({ pointer: at.pointer, message: at.exact ? message : `${message} (at ${pointer === '' ? 'the root' : pointer} once converted to OpenAPI 3.0)`, ...also });
  }

  /** A warning whose pointer is into the file already (a part --lenient left out of a Swagger 2.0 document before converting it). */
  addInFile(pointer: string, message: string): void {
    this.push({ pointer, message });
  }

  private push(w: ImportWarning): void {
    const key = `${w.pointer}\n${w.message}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.list.push(w);
  }
}

/**
 * One stderr line: `api-serve: warning: petstore.yaml#/paths/~1pets/get/callbacks: callbacks are not served`.
 * One line whatever the document's keys hold: line breaks become spaces, and control characters
 * (a terminal's escape sequences) are shown escaped, not sent to the terminal.
 */
export const warningLine = (command: string, file: string, w: ImportWarning): string =>
  oneLine(`${command}: warning: ${file}#${w.pointer}: ${w.message}`);
