// An answer's body read in full but bounded: past `limit` bytes the read stops and the rest is
// dropped, so a server answering without end costs at most that much memory (and the call's
// timeout cuts one that trickles).

/** The body's bytes, or `tooLarge` once more than `limit` came. */
export type BodyBytes = { readonly kind: 'body'; readonly bytes: Uint8Array } | { readonly kind: 'tooLarge' };

/**
 * The loop of describe/capped-read.ts without its abort listener (the call's signal reaches the
 * body through fetch), written here to spare every call one promise layer.
 */
export async function readBody(response: Response, limit: number): Promise<BodyBytes> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'tooLarge' };
  }
  const stream = response.body;
  if (stream === null) return { kind: 'body', bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  // One chunk is the usual answer: a list only from the second on.
  let first: Uint8Array | undefined;
  let more: Uint8Array[] | undefined;
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { kind: 'tooLarge' };
    }
    if (first === undefined) first = value;
    else (more ??= [first]).push(value);
  }
  if (more === undefined) return { kind: 'body', bytes: first ?? new Uint8Array(0) };
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of more) { bytes.set(c, at); at += c.byteLength; }
  return { kind: 'body', bytes };
}
