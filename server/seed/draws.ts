/** What both seeds' generators draw with: a seeded PRNG, a pick, and the article before a word. */

/** Small fast PRNG with a seed: `--jobs N` always produces the same listings, the bench the same corpus. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * "an" before a vowel's sound, "a" otherwise ("an Intern DevOps Engineer", "an advertising company"). A leading U is
 * left to "a": the seeded words that start with one ("UI/UX Designer") are said with a "you".
 */
export function withArticle(words: string): string {
  return `${/^[aeio]/i.test(words) ? "an" : "a"} ${words}`;
}
