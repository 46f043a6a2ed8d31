import { challengeHeaders } from "#tests/support/pow.ts";
import { uniqueEmail } from "#tests/support/factories.ts";

export type Session = { email: string; password: string; name: string; cookie: string; token: string };

/** Signs up over the real auth endpoint; returns the session cookie and the bearer token. */
export async function signUp(
  baseUrl: string,
  { email = uniqueEmail(), password = "correct horse battery", name = "Test User" } = {},
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl,
      ...(await challengeHeaders(baseUrl, "POST", "/api/auth/sign-up/email")),
    },
    body: JSON.stringify({ email, password, name }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up starts no session (it answers alike for a taken address): the page signs in next, and so does this.
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in after sign-up failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const token = signedIn.headers.get("set-auth-token") ?? "";
  return { email, password, name, cookie, token };
}

type JsonInit = {
  method?: string;
  body?: unknown;
  session?: Session;
  headers?: Record<string, string>;
  /** Solve the board's proof-of-work challenge for a form post that wants one (the default), as the browser does. */
  solveChallenge?: boolean;
};

/** fetch + JSON, returning status, headers and the parsed body (or the raw text when it is not JSON). */
export async function api(
  baseUrl: string,
  path: string,
  { method = "GET", body, session, headers = {}, solveChallenge = true }: JsonInit = {},
) {
  const solution = solveChallenge ? await challengeHeaders(baseUrl, method, path) : {};
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...solution,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(session ? { cookie: session.cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: tests assert on `json` being the raw text.
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions index freely into bodies
  return { status: response.status, headers: response.headers, json: json as any };
}
