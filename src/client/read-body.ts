// An answer's body read in full but bounded: past `limit` bytes the read stops and the rest is
// dropped, so a server answering without end costs at most that much memory (and the call's
// timeout cuts one that trickles).
import { readCapped } from '../describe/capped-read.js';

/** The body's bytes, or `tooLarge` once more than `limit` came. */
export type BodyBytes = { readonly kind: 'body'; readonly bytes: Uint8Array } | { readonly kind: 'tooLarge' };

export async function readBody(response: Response, limit: number): Promise<BodyBytes> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'tooLarge' };
  }
  const bytes = await readCapped(response.body, limit);
  return bytes === undefined ? { kind: 'tooLarge' } : { kind: 'body', bytes };
}
