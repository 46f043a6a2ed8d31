/** An employer for a benchmark, signed up on the board: the headers its writes send (its session's cookie among them). */
export type BenchEmployer = { headers: Record<string, string> };

let employers = 0;

/** Signs a new employer up (the board must not require email verification) and keeps its session. */
export async function signUpEmployer(url: string): Promise<BenchEmployer> {
  const email = `bench-${Date.now()}-${employers++}@example.com`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: "bench password 1234", name: "Bench Employer" }),
  });
  if (!signUp.ok)
    throw new Error(
      `sign-up failed (${signUp.status} ${await signUp.text()}): run with REQUIRE_EMAIL_VERIFICATION=false and AUTH_RATE_LIMIT_MAX high`,
    );
  // Sign-up starts no session (it answers a taken address alike): signing in does.
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: "bench password 1234" }),
  });
  if (!signIn.ok) throw new Error(`sign-in after sign-up failed (${signIn.status} ${await signIn.text()})`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { headers: { "content-type": "application/json", origin: url, cookie } };
}

/** A complete listing as the post form sends it. */
export const listingFields = (overrides: Record<string, unknown> = {}) => ({
  jobTitle: "Benchmark Engineer",
  companyName: "Bench Co",
  Industry: "Software",
  description: "Measure things.",
  companyDec: "We measure.",
  postionopens: 1,
  postingDate: new Date().toISOString().slice(0, 10),
  minPrice: 1,
  maxPrice: 2,
  salaryType: "Monthly",
  jobLocation: "Pune",
  englishLevel: "Basic English",
  gender: "Any",
  experienceLevel: "Fresher",
  employmentType: "Full-time",
  skills: [{ value: "React", label: "React" }],
  applyLink: "https://bench.example/apply",
  ...overrides,
});

/**
 * What a board started by an employers' benchmark runs with: posts published at once, employers signed up without a
 * mail to confirm or a proof-of-work to solve (the setup, not what is measured), and as many sign-ups from one address
 * as runs need (the limit is kept in the database, from one run to the next).
 */
export const employerBoardEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  SEED_DEMO: "false",
  MODERATION: "off",
  REQUIRE_EMAIL_VERIFICATION: "false",
  AUTH_RATE_LIMIT_MAX: "1000000",
  POW_CHALLENGE: "false",
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0000",
  ...extra,
});
