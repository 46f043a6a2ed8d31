import { randomBytes } from "node:crypto";

/** 128 random bits, fresh for every HTML answer, so a nonce seen once is useless for the next page. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The page policy (ADR 0007). Scripts run only with this answer's nonce; 'strict-dynamic' lets those scripts
 * load the fingerprinted chunks they import. Styles allow inline because server-rendered `style` attributes
 * and react-select's runtime <style> tags carry no nonce. Images may come from any http(s) host: company logos
 * are links employers and the external sources give.
 */
export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  const directives: Record<string, string> = {
    "default-src": "'self'",
    // Vite's dev server injects un-nonced inline scripts (HMR preamble) and evaluates modules; dev only.
    "script-src": development ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'nonce-${nonce}' 'strict-dynamic'`,
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: https: http:",
    "font-src": "'self' data:",
    // The proof-of-work search runs in a worker built from a same-origin file (ADR 41). Without this line workers
    // fall under script-src, whose 'strict-dynamic' ignores 'self', and no worker could start; blob: stays out.
    "worker-src": "'self'",
    "connect-src": development ? "'self' ws: wss:" : "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'self'",
    "form-action": "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

/**
 * Powerful features the board never uses, switched off for it and anything it embeds. Only features browsers know:
 * Chromium warns about every unknown one ('bluetooth' was) in the console of every page.
 */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
].join(", ");
