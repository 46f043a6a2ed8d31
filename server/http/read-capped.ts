/**
 * A stream's bytes, counted as they arrive, up to `maxBytes`: one byte more cancels the stream and throws `tooLarge()`.
 * A body with no Content-Length (chunked), or one longer than it said, is cut off at the limit instead of being
 * buffered whole first. Both our request bodies and the answers of external job sources are read through it.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer<ArrayBuffer>> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // The sender broke the limit: that is the error to report, whether or not cancelling the stream works.
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
