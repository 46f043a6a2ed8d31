/**
 * A document written as its rows arrive: `head`, then each batch as `render` writes it, then `foot`. The sitemap's
 * listing files and the syndication feed are never capped, so memory holds one batch however many rows there are.
 * Cancelling the stream (the client went away) ends the source too.
 */
export function streamBatches<T>({
  head,
  foot,
  batches,
  render,
}: {
  head: string;
  foot: string;
  batches: AsyncIterable<T[]>;
  render: (row: T) => string;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.enqueue(encoder.encode(foot));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${next.value.map(render).join("\n")}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
