/**
 * What `zod` resolves to in the app's bundles (vite.config.ts). Zod probes `new Function` when it builds an
 * object schema, to compile a faster parser; under the page's Content-Security-Policy (no 'unsafe-eval') that
 * probe is a reported violation. Switched off before any schema exists in the browser; the server keeps the JIT.
 */
import { config } from "zod/v4";

if (typeof document !== "undefined") config({ jitless: true });

export * from "zod/v4";
