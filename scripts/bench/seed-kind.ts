/**
 * Which seed a benchmarked board holds, read from the descriptions of its first page: the figures of a board of short
 * listings understate what a search of real ones costs, so the benchmark says which it measured.
 */
export function seedKind(descriptions: string[]): string {
  const lengths = descriptions.map((text) => text.length).sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  const size = `median ${median.toLocaleString("en-US")} characters on the first page`;
  // The realistic seed's descriptions open with "About <company>:" on a line of its own.
  const realistic = descriptions.filter((text) => /^About [^\n]+:$/m.test(text)).length;
  if (median >= 2_000 && realistic * 2 > descriptions.length) return `realistic descriptions (${size})`;
  const advice = "seed with `npm run seed -- --jobs N --realistic` for listings as long as real ones";
  if (median >= 2_000) return `long descriptions, not the realistic seed's (${size}); ${advice}`;
  return `short descriptions (${size}); ${advice}`;
}
