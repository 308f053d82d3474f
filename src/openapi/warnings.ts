// What an imported document says that a surface cannot carry: each is one warning naming the
// JSON pointer of the construct, so nothing is dropped without a line saying so.
import { child as step } from '../check/json-pointer.js';
import { oneLine } from './source-text.js';

export interface ImportWarning {
  /** RFC 6901 pointer into the document (`/paths/~1pets/get/callbacks`). */
  readonly pointer: string;
  readonly message: string;
}

/** The pointer of a descendant: `child('/paths', '/pets', 'get')` is `/paths/~1pets/get`. */
export const child = (pointer: string, ...keys: readonly (string | number)[]): string =>
  keys.reduce<string>((p, k) => step(p, k), pointer);

export class Warnings {
  readonly list: ImportWarning[] = [];
  add(pointer: string, message: string): void {
    this.list.push({ pointer, message });
  }
}

/**
 * One stderr line: `api-serve: warning: petstore.yaml#/paths/~1pets/get/callbacks: callbacks are not served`.
 * One line whatever the document's keys hold: line breaks become spaces, and control characters
 * (a terminal's escape sequences) are shown escaped, not sent to the terminal.
 */
export const warningLine = (command: string, file: string, w: ImportWarning): string =>
  oneLine(`${command}: warning: ${file}#${w.pointer}: ${w.message}`);
