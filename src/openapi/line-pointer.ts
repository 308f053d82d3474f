// Where a validation error is: the parser's messages show a code frame of the document printed as
// `JSON.stringify(doc, null, 2)` and mark one line (`> 12 |`); this finds that line's JSON pointer.
import { child } from './warnings.js';

/** The pointer of the value that starts on each line of the document's two-space JSON, by line (1-based). */
function linePointers(doc: unknown): string[] {
  const lines: string[] = [''];
  const walk = (v: unknown, pointer: string) => {
    // The line holding the value's opening (or the whole value) is the current last line.
    lines[lines.length - 1] = pointer;
    if (Array.isArray(v)) {
      if (v.length === 0) return;
      v.forEach((x, i) => { if (x === undefined || typeof x === 'function') { lines.push(pointer); return; } lines.push(''); walk(x, child(pointer, i)); });
      lines.push(pointer);
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function');
      if (entries.length === 0) return;
      for (const [k, x] of entries) { lines.push(''); walk(x, child(pointer, k)); }
      lines.push(pointer);
    }
  };
  walk(doc, '');
  return lines;
}

/** The pointer a parser message's marked line (`> 12 |`) names in `doc`, if it marks one. */
export function pointerOfMessage(doc: unknown, message: string): string | undefined {
  const m = /^>\s*(\d+)\s*\|/m.exec(message);
  if (!m) return undefined;
  return linePointers(doc)[Number(m[1]) - 1];
}
