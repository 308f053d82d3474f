// The document as @readme/openapi-parser's `validate` dereferences it (circular `$ref`s left as
// they are), built without the parser for a document whose `$ref`s are all plain in-document
// pointers. The parser's dereference (json-schema-ref-parser 15's `crawl3` with `circular:
// 'ignore'`) walks again every subtree it has already dereferenced, once per place it is reached
// from: 4 seconds of Microsoft Graph's 20 MB (and a structuredClone first). Here each object is
// walked once and rebuilt only where a `$ref` below it was replaced; the result has the parser's
// content (which `$ref`s stay, and where) for ajv and spec-rules.ts. Anything this mirror does not
// follow exactly is `undefined`: the parser dereferences then (load-document.ts).
type Obj = Record<string, unknown>;

/** Something the mirror does not follow: the parser is asked. */
class Unsure extends Error {}

/** The parser's `dereference.maxDepth` default: deeper, it throws a RangeError (its own message). */
const MAX_DEPTH = 500;

/**
 * A `$ref` whose resolution the parser leaves as written: a `#/` pointer of characters the URL
 * parser and the parser's `decodeURIComponent` leave alone (no `%`, space, quote, `#`...).
 */
const PLAIN_POINTER = /^#(\/[A-Za-z0-9._~!$&'()*+,;=:@-]*)+$/;

/** An object walked: its dereferenced value, whether a circular `$ref` stays below it, how deep the parser's walk of it goes. */
interface Walked {
  readonly value: unknown;
  readonly circular: boolean;
  readonly height: number;
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

/** The parser's `$Ref.isAllowed$Ref` with external references on: `#/...`, `#`, or another file. */
function isRef(value: Obj): boolean {
  const ref = value.$ref;
  if (typeof ref !== 'string' || ref.length === 0) return false;
  return ref.startsWith('#/') || ref === '#' || ref[0] !== '#';
}

class Dereference {
  /** Per object of the document: what walking it gave (the parser's second walk of it changes nothing). */
  private readonly walked = new Map<object, Walked>();
  /** Per `$ref` text: the parser's `dereferencedCache` (keyed by the resolved URL, one-to-one for plain pointers). */
  private readonly byRef = new Map<string, Walked>();
  /** The objects being walked: a `$ref` to one of them is circular. */
  private readonly parents = new Set<object>();

  constructor(private readonly root: Obj) {}

  /** The parser's `crawl3` of a non-`$ref` object at `depth`. */
  walk(obj: Obj, depth: number): Walked {
    const seen = this.walked.get(obj);
    // Walked before: the parser walks it again (a no-op) and goes as deep below it as then.
    if (seen !== undefined) {
      if (depth + seen.height > MAX_DEPTH) throw new Unsure();
      return seen;
    }
    if (depth > MAX_DEPTH) throw new Unsure();
    this.parents.add(obj);
    let copy: Obj | unknown[] | undefined;
    let circular = false;
    let height = 0;
    for (const key of Object.keys(obj)) {
      // An identifier or dialect changes how the parser resolves pointers below it; `__proto__` is not assigned as a key.
      if (key === '$id' || key === '$schema' || key === '__proto__') throw new Unsure();
      const value = obj[key];
      let now = value;
      if (!isObject(value)) {
        // The parser's walk enters a primitive too: one level deeper.
        height = Math.max(height, 1);
        continue;
      }
      if (isRef(value)) {
        const r = this.reference(value, depth);
        circular ||= r.circular;
        now = r.value;
        height = Math.max(height, r.height);
      } else if (this.parents.has(value)) {
        // An object inside itself through a `$ref` (YAML aliases share objects): the parser's
        // walks of it then depend on where they start.
        throw new Unsure();
      } else {
        const r = this.walk(value, depth + 1);
        circular ||= r.circular;
        now = r.value;
        height = Math.max(height, r.height + 1);
      }
      if (now !== value) {
        copy ??= Array.isArray(obj) ? obj.slice() : { ...obj };
        (copy as Obj)[key] = now;
      }
    }
    this.parents.delete(obj);
    if (depth + height > MAX_DEPTH) throw new Unsure();
    const result: Walked = { value: copy ?? obj, circular, height };
    this.walked.set(obj, result);
    return result;
  }

  /**
   * The parser's `dereference$Ref` of a `$ref` object inside an object at `depth`: the target,
   * dereferenced, or the `$ref` itself when the target is being walked or holds a circular one.
   * `height`: how deep below the holder the parser's walks go through it once replaced.
   */
  private reference(ref: Obj, depth: number): Walked {
    const text = ref.$ref as string;
    // Siblings make an extended `$ref` (a merged copy, kept out of the parser's cache); other files are resolved by the parser.
    if (Object.keys(ref).length !== 1 || !PLAIN_POINTER.test(text)) throw new Unsure();
    const cached = this.byRef.get(text);
    if (cached !== undefined) return cached.circular ? { value: ref, circular: true, height: 0 } : cached;
    const target = this.target(text);
    let result: Walked;
    if (this.parents.has(target)) {
      result = { value: ref, circular: true, height: 0 };
    } else {
      const r = this.walk(target, depth + 1);
      result = r.circular ? { value: ref, circular: true, height: 0 } : { value: r.value, circular: false, height: r.height + 1 };
    }
    this.byRef.set(text, result);
    return result;
  }

  /**
   * The object a plain pointer names in the document as read. The parser reads it in the
   * document it is rewriting, where only `$ref` objects are replaced: a path through none
   * (and ending at none) reaches the same object. Anything else (a missing key, a `$ref` on the
   * way, a value not an object) the parser resolves its own way.
   */
  private target(text: string): Obj {
    let at: unknown = this.root;
    for (const raw of text.slice(2).split('/')) {
      if (!isObject(at) || Object.hasOwn(at, '$ref')) throw new Unsure();
      const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!Object.hasOwn(at, token)) throw new Unsure();
      at = (at as Obj)[token];
    }
    if (!isObject(at) || Object.hasOwn(at, '$ref')) throw new Unsure();
    return at;
  }
}

/**
 * The document dereferenced as the parser's `validate` would (its content: shared targets are
 * one object here), the document itself left as it is; `undefined` when only the parser can tell.
 */
export function quickDereference(document: Obj): Obj | undefined {
  if (isRef(document)) return undefined;
  try {
    return new Dereference(document).walk(document, 0).value as Obj;
  } catch (err) {
    if (err instanceof Unsure) return undefined;
    throw err;
  }
}
