/** Longer than any page of the board's address; a longer one is a forgery, and would overflow a Location header. */
const MAX_PATH_CHARS = 2000;

/** Any origin stands for the board's: a path that keeps this one keeps PUBLIC_URL's too, scheme and all. */
const BOARD = "https://board.invalid";

/**
 * Only a path on the board's own origin may be where a visitor is sent after signing in, so a crafted link cannot send
 * them elsewhere. A browser's URL parser drops tabs and newlines anywhere and reads "\" as "/", so "/\t/evil.test" and
 * "/\evil.test" are another host's addresses: any control character or backslash is refused outright, then the
 * path must start with one "/" and, resolved as a browser resolves it, stay on the board's origin.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_PATH_CHARS) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(target, BOARD);
  } catch {
    return fallback;
  }
  return resolved.origin === BOARD ? target : fallback;
}
