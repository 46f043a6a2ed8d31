/** What the worker is given: an ALTCHA challenge's hash, its salt and the largest number to try (ADR 41). */
export type PowTask = { challenge: string; salt: string; maxnumber: number };

/** Digests in flight at once: one await per batch rather than per hash keeps the search fast on a slow phone. */
const BATCH = 64;

/** The number n in [0, maxnumber] with SHA-256(salt + n) = challenge, or null when there is none. */
export async function findNumber({ challenge, salt, maxnumber }: PowTask): Promise<number | null> {
  const target = challenge.toLowerCase();
  const encoder = new TextEncoder();
  const hex = (digest: ArrayBuffer) =>
    Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  for (let start = 0; start <= maxnumber; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, maxnumber - start + 1) }, (_, index) => start + index);
    const digests = await Promise.all(
      numbers.map((number) => crypto.subtle.digest("SHA-256", encoder.encode(`${salt}${number}`))),
    );
    const found = digests.findIndex((digest) => hex(digest) === target);
    if (found >= 0) return numbers[found] ?? null;
  }
  return null;
}
