// How much a parsed document grows once its YAML aliases are written out. The YAML loader shares
// one value for every alias of an anchor (cheap to parse), but every later walk (bundling,
// validation, import, examples) expands them: 628 bytes of nested aliases are 9^9 nodes.

/**
 * The most nodes aliases may add to a document beyond what is written in it.
 * decided (docs/decisions.md "OpenAPI in"): a million nodes is about a
 * large real document written out (a few megabytes), so an expanded one costs no more than that.
 */
export const ALIAS_EXPANSION_LIMIT = 1_000_000;

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** What aliases add: a count of nodes, or no end (an alias inside the value it names). */
export type AliasExpansion = { readonly kind: 'added'; readonly nodes: number } | { readonly kind: 'endless' };

interface Frame { readonly node: object; readonly kids: unknown[]; next: number; size: number }

/**
 * The nodes (objects, arrays, scalars) the value has once shared values are written out, less
 * those it has as parsed: what aliases add (a float: 9^300 is still more than the limit). Linear
 * in the value as parsed: each shared value is measured once.
 */
export function aliasExpansion(value: unknown): AliasExpansion {
  if (!isContainer(value)) return { kind: 'added', nodes: 0 };
  const measured = new Map<object, number>();
  const open = new Set<object>();
  let written = 0;
  // An explicit stack: a deeply nested document must not exhaust the call stack here.
  const frames: Frame[] = [];
  const enter = (node: object) => { open.add(node); written += 1; frames.push({ node, kids: Object.values(node), next: 0, size: 1 }); };
  enter(value);
  for (;;) {
    const frame = frames[frames.length - 1]!;
    if (frame.next < frame.kids.length) {
      const kid = frame.kids[frame.next++];
      if (!isContainer(kid)) { frame.size += 1; written += 1; continue; }
      const known = measured.get(kid);
      if (known !== undefined) { frame.size += known; continue; }
      if (open.has(kid)) return { kind: 'endless' };
      enter(kid);
      continue;
    }
    frames.pop();
    open.delete(frame.node);
    measured.set(frame.node, frame.size);
    const parent = frames[frames.length - 1];
    if (parent === undefined) return { kind: 'added', nodes: frame.size - written };
    parent.size += frame.size;
  }
}
