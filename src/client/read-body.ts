// An answer's body read in full but bounded: past `limit` bytes the read stops and the rest is
// dropped, so a server answering without end costs at most that much memory (and the call's
// timeout cuts one that trickles).

/** The body's bytes, or `tooLarge` once more than `limit` came. */
export type BodyBytes = { readonly kind: 'body'; readonly bytes: Uint8Array } | { readonly kind: 'tooLarge' };

export async function readBody(response: Response, limit: number): Promise<BodyBytes> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'tooLarge' };
  }
  if (response.body === null) return { kind: 'body', bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { kind: 'tooLarge' };
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return { kind: 'body', bytes: chunks[0]! };
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.byteLength; }
  return { kind: 'body', bytes };
}
