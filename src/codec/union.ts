// Unions: `union` (JSON Schema `oneOf`: exactly one option accepts the value) and `anyOf` (at
// least one does), with an optional discriminator property that picks the option by its value.
import { type Codec, type Discriminator, type Infer, type UnionCodec, fail, ok, showJson, type AnyCodec } from './types.js';

type Options = readonly AnyCodec[];

export interface UnionOptions {
  /** A property every option declares as a constant (or enum of strings): its value picks the option. */
  readonly discriminator?: string;
  /** Names the union in messages and docs (default: its options' labels joined by "or"). */
  readonly name?: string;
}

/** The values of a discriminator property an option declares (`const` or `enum` of strings). */
export function discriminatorValues(option: Codec<unknown>, property: string): string[] {
  const target = option.kind === 'lazy' ? option.target() : option;
  if (target.kind !== 'object' || !Object.hasOwn(target.props, property)) return [];
  const s = target.props[property]!.schema as { const?: unknown; enum?: unknown[] };
  const values = s.const !== undefined ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
  return values.filter((v): v is string => typeof v === 'string');
}

function build<T>(mode: 'oneOf' | 'anyOf', options: Options, opts: UnionOptions): UnionCodec<T> {
  const label = opts.name ?? options.map((c) => c.label).join(' or ');
  let discriminator: Discriminator | undefined;
  if (opts.discriminator !== undefined) {
    const mapping: Record<string, number> = {};
    options.forEach((c, i) => { for (const v of discriminatorValues(c, opts.discriminator!)) mapping[v] ??= i; });
    discriminator = { property: opts.discriminator, mapping };
  }
  const schema: Record<string, unknown> = {
    [mode]: options.map((c) => c.schema),
    ...(opts.name === undefined ? {} : { title: opts.name }),
    ...(discriminator ? { discriminator: { propertyName: discriminator.property } } : {}),
  };
  const names = options.map((c) => c.label).join(', ');

  const pick = (json: unknown, path: string) => {
    const d = discriminator!;
    const value = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>)[d.property] : undefined;
    const i = typeof value === 'string' && Object.hasOwn(d.mapping, value) ? d.mapping[value] : undefined;
    if (i !== undefined) return options[i]!.check(json, path);
    if (value === undefined) return fail(`key ${JSON.stringify(d.property)} not found (it names which of ${names} this is)`, path, 'discriminator');
    return fail(`key ${JSON.stringify(d.property)} is not one of the discriminator's values (${Object.keys(d.mapping).map((v) => JSON.stringify(v)).join(', ')}), got ${showJson(value)}`, path, 'discriminator');
  };

  return {
    kind: 'union', mode, options, label, schema, examples: [],
    ...(discriminator ? { discriminator } : {}),
    parseText(raw) {
      // decided: as text the first option that reads the value wins (text has no JSON types to tell
      // `5` from "5"); docs/decisions.md "Codecs".
      let first: string | undefined;
      for (const c of options) {
        const r = c.parseText(raw);
        if (r.ok) return r;
        first ??= r.error;
      }
      return fail(`${JSON.stringify(raw)} is none of ${names} (${first ?? 'no options'})`, undefined, mode);
    },
    formatText(v) {
      const c = options.find((o) => o.check(v, '$').ok) ?? options[0];
      return c ? c.formatText(v) : String(v);
    },
    check(json, path) {
      if (discriminator) return pick(json, path);
      let accepted: { value: unknown } | undefined;
      let firstError: string | undefined;
      let count = 0;
      for (const c of options) {
        const r = c.check(json, path);
        if (!r.ok) { firstError ??= `${r.path ?? path}: ${r.error}`; continue; }
        if (mode === 'anyOf') return r;
        count++;
        accepted ??= { value: r.value };
        if (count > 1) return fail(`matches more than one of ${names} (oneOf), got ${showJson(json)}`, path, 'oneOf');
      }
      return accepted ? ok(accepted.value as T) : fail(`expected ${label}, got ${showJson(json)} (${firstError ?? 'no options'})`, path, mode);
    },
  };
}

/** Exactly one of the options (`oneOf`); with `discriminator`, the property's value chooses it. */
export function union<const O extends Options>(options: O, opts: UnionOptions = {}): UnionCodec<Infer<O[number]>> {
  return build('oneOf', options, opts);
}

/** At least one of the options (`anyOf`); the first that accepts the value decodes it. */
export function anyOf<const O extends Options>(options: O, opts: Omit<UnionOptions, 'discriminator'> = {}): UnionCodec<Infer<O[number]>> {
  return build('anyOf', options, opts);
}
