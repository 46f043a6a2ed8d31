import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "#shared/errors.ts";
import { escapeHtml } from "#shared/html.ts";
import { invalidOriginMessage, RESET_PASSWORD_PATH } from "#shared/session.ts";
import { htmlAnswer, htmlPage } from "#server/http/html-page.ts";
import { jsonError } from "#server/http/errors.ts";
import type { AppBindings } from "#server/http/types.ts";

/** Methods that change nothing; every other method is a write and must come from the board's own pages (ADR 63). */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The only writes another origin (or none, with cookies) may send, each with why. Their path's token is the whole
 * credential, so a cookie riding along adds nothing an attacker could use.
 */
export const CROSS_ORIGIN_WRITES: readonly { method: string; path: RegExp; why: string }[] = [
  {
    method: "POST",
    path: /^\/alerts\/unsubscribe\/[^/]+$/,
    why: "RFC 8058 one-click unsubscribe: the mail client POSTs List-Unsubscribe=One-Click from its own servers or pages",
  },
];

export type WriteVerdict = { allowed: true } | { allowed: false; origin: string };

/** The origin a header names, or "null" for one that names none we can parse (a sandboxed frame, nonsense). */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return "null";
  }
}

/**
 * Whether a request may change something, judged from what a browser says about the page that sent it: its Origin,
 * else its Referer, else its Sec-Fetch-Site. A request that names no page at all may still write when it carries no
 * cookie or carries a Bearer token: a forged form post brings the victim's cookie and no Authorization header.
 */
export function judgeWrite(
  { method, path, headers }: { method: string; path: string; headers: Headers },
  boardOrigin: string,
): WriteVerdict {
  if (READS.has(method)) return { allowed: true };
  if (CROSS_ORIGIN_WRITES.some((write) => write.method === method && write.path.test(path))) return { allowed: true };
  const named = headers.get("origin") ?? headers.get("referer");
  if (named !== null) {
    const origin = originOf(named);
    return origin === boardOrigin ? { allowed: true } : { allowed: false, origin };
  }
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site")
    return { allowed: false, origin: `(none; Sec-Fetch-Site: ${site})` };
  const bearer = /^Bearer\s/i.test(headers.get("authorization") ?? "");
  if (!headers.get("cookie") || bearer) return { allowed: true };
  return { allowed: false, origin: "(none)" };
}

/** What a refused post was for, in the refusal's words, where people meet it first; "make changes" elsewhere. */
const DOING_BY_PATH: Record<string, string> = {
  "/login": "sign in or create an account",
  "/forgot-password": "reset your password",
  [RESET_PASSWORD_PATH]: "reset your password",
};

function refusalMessage(path: string, publicUrl: string): string {
  if (path.startsWith("/api/auth/")) return invalidOriginMessage(publicUrl);
  return invalidOriginMessage(publicUrl, DOING_BY_PATH[path] ?? "make changes");
}

function refusal(c: Context<AppBindings>, publicUrl: string): Response {
  const path = c.req.path;
  const message = refusalMessage(path, publicUrl);
  // better-auth's client reads a top-level `message`, so its routes' refusal carries one beside the one error shape.
  if (path.startsWith("/api/auth/")) return c.json({ ...errorBody("FORBIDDEN", message), message }, 403);
  if (path.startsWith("/api/")) return jsonError(c, "FORBIDDEN", message);
  const again = new URL(path, publicUrl).href;
  const body = `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(again)}">Open this page at the board's address</a></p>`;
  return htmlAnswer(c, htmlPage(c.get("services").site.name, "This form was not sent", body), 403);
}

/**
 * One origin check for every write, API and pages alike (ADR 63). A refused write reaches no route: JSON routes get
 * 403 FORBIDDEN in the one error shape, pages a page saying which address works. `onRefused` hears the origin named.
 */
export function sameOriginWrites({
  publicUrl,
  onRefused,
}: {
  publicUrl: string;
  onRefused?: (origin: string) => void;
}): MiddlewareHandler<AppBindings> {
  const boardOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    const verdict = judgeWrite({ method: c.req.method, path: c.req.path, headers: c.req.raw.headers }, boardOrigin);
    if (!verdict.allowed) {
      onRefused?.(verdict.origin);
      return refusal(c, publicUrl);
    }
    await next();
  };
}
