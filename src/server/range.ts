// The `range` extension at run time: reads a request's `Range` header into the handler's `range`
// input, with the other headers (a malformed one is a 400 at the header step of the error order).
import type { ExtensionPart } from '../dsl/types.js';
import type { RangeConfig } from '../dsl/range.js';
import { defaultRange, parseRange } from '../codec/range-header.js';
import type { ExtensionFactory, ExtensionOutcome } from './extensions.js';

const checked = new WeakSet<ExtensionPart>();

/** The part's fields, checked once: a hand-made part with a broken config fails loudly. */
function configOf(part: ExtensionPart): RangeConfig {
  const config = part.config as RangeConfig;
  if (checked.has(part)) return config;
  const fields = (config as Partial<RangeConfig> | null)?.fields;
  if (!Array.isArray(fields) || fields.length === 0) throw new TypeError(`range part "${part.key}": config.fields must list at least one field`);
  checked.add(part);
  return config;
}

/**
 * decided: the 400 is `Error parsing header Range failed: <reason>` as plain text, the default
 * header-parse format (an extension cannot reach a surface's formatters); see README "Decisions".
 */
export const rangeExtension: ExtensionFactory = () => ({
  stage: 'header',
  decode(part, req): ExtensionOutcome {
    const { fields } = configOf(part);
    const raw = req.headers.range;
    if (raw === undefined) return { ok: true, value: defaultRange(fields[0]!) };
    // Node joins a repeated Range header with ", "; the result is parsed as one header (mostly a 400).
    const parsed = parseRange(Array.isArray(raw) ? raw.join(', ') : raw, fields);
    if (parsed.ok) return { ok: true, value: parsed.value };
    return { ok: false, failure: { combinator: 'Header', name: 'Range', message: `Error parsing header Range failed: ${parsed.error}` } };
  },
});
