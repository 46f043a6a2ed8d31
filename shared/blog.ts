/** A blog post as `GET /api/blog-posts` returns it (spec §3); `date` is a calendar date, `YYYY-MM-DD`. */
export type BlogPost = { title: string; date: string; content: string };

const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2024-08-05" → "August 5, 2024", the same on the server and in every visitor's time zone. */
export function formatPostDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}
