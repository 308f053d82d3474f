// The names imported codecs carry: usable as an OpenAPI component name and as a `$anchor`.

const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** A name usable as a codec's component name and `$anchor`. */
export function codecName(raw: string): string {
  const cleaned = raw.replace(/[^-A-Za-z0-9._]/g, '_');
  return ANCHOR.test(cleaned) ? cleaned : `_${cleaned}`;
}
