import { findNumber, type PowTask } from "#app/lib/pow-search.ts";
import type { PowChallenge } from "#shared/challenge.ts";

/** The search in a worker (same-origin script: the policy's `worker-src 'self'`); on this thread where there is none. */
function search(task: PowTask): Promise<number | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./pow-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return findNumber(task);
  }
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(findNumber(task));
    };
    worker.postMessage(task);
  });
}

/** Solves an ALTCHA challenge: the base64 JSON payload the server reads from the X-Altcha header (ADR 41). */
export async function solvePow(challenge: PowChallenge): Promise<string | null> {
  const number = await search({ challenge: challenge.challenge, salt: challenge.salt, maxnumber: challenge.maxnumber });
  if (number === null) return null;
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
