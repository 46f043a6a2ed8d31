import { expect, test } from "vitest";
import { readCapped } from "#server/http/read-capped.ts";

const tooLarge = () => new Error("too large");

/** A stream of these chunks, which records whether its reader cancelled it. */
function chunked(...chunks: string[]) {
  const state = { cancelled: false };
  const rest = [...chunks];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = rest.shift();
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

test("a body within the limit is read whole, across its chunks", async () => {
  const { stream } = chunked("hello, ", "wörld");
  expect((await readCapped(stream, 100, tooLarge)).toString("utf8")).toBe("hello, wörld");
});

test("a body of exactly the limit is accepted", async () => {
  const { stream } = chunked("12345", "67890");
  expect((await readCapped(stream, 10, tooLarge)).byteLength).toBe(10);
});

test("one byte past the limit throws the caller's error and cancels the stream", async () => {
  const { stream, state } = chunked("12345", "678901", "and more");
  await expect(readCapped(stream, 10, tooLarge)).rejects.toThrow("too large");
  expect(state.cancelled).toBe(true);
});

test("the limit counts bytes, not characters", async () => {
  const { stream } = chunked("ééééé");
  await expect(readCapped(stream, 5, tooLarge)).rejects.toThrow("too large");
});

test("an endless body is cut off at the limit instead of being read to its end", async () => {
  let pulls = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  await expect(readCapped(endless, 10 * 1024, tooLarge)).rejects.toThrow("too large");
  expect(pulls).toBeLessThan(20);
});

test("no body reads as no bytes", async () => {
  expect((await readCapped(null, 10, tooLarge)).byteLength).toBe(0);
});
