// A web stream read in full but bounded: past `limit` bytes the read stops and the rest is
// cancelled, so a peer sending without end costs at most that much memory. Shared by the web fetch
// handler (requests) and api-check's replay through a fetch handler (the client has its own loop, client/read-body.ts).

/**
 * The stream's bytes, or undefined once more than `limit` came; a failing stream rejects. An
 * aborted `signal` cancels the read (which then rejects or ends).
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number, signal?: AbortSignal): Promise<Uint8Array | undefined> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const stop = () => { reader.cancel(signal?.reason).catch(() => {}); };
  signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.byteLength; }
  return bytes;
}
