import { findNumber, type PowTask } from "#app/lib/pow-search.ts";

/** The proof-of-work search off the page's thread, so typing and scrolling never wait for it (ADR 41). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PowTask>) => void) | null;
  postMessage: (message: number | null) => void;
};

scope.onmessage = (event) => {
  void findNumber(event.data).then((number) => scope.postMessage(number));
};
