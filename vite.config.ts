import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.ts";

/**
 * React Router 7 ships a production build beside its development one, but every condition of its package exports
 * names the development build (remix-run/react-router#14102), in the browser and in Node alike: dev-only checks and
 * warnings on every render. A production build names the production files directly (ADR 28).
 */
const reactRouterDist = path.resolve(path.dirname(createRequire(import.meta.url).resolve("react-router")), "..");
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "production/index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "production/dom-export.mjs") },
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressPlugin()],
  resolve: {
    alias: [
      // Every `import … from "zod"` in app/ and shared/ gets zod with its eval probe off in the browser (CSP).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/lib/zod-without-eval.ts") },
      ...(mode === "production" ? reactRouterProduction : []),
    ],
  },
  // Bundled into the server build, so the alias above applies there too: left external, Node would load the
  // development build. server/pages.ts takes createRequestHandler from the build, so one copy serves every request.
  ssr: mode === "production" ? { noExternal: ["react-router", "@react-router/node"] } : undefined,
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            // Left to itself the bundler gave the home page about 40 modules of 1-3 KB each (an icon, a hook), and a
            // phone on a slow link pays a round trip per handful of them before the first paint. Icons go in one
            // chunk, and app modules that several routes share in another.
            codeSplitting: {
              groups: [
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
                { name: "shared", test: /[\\/](app|shared)[\\/]/, minShareCount: 3, priority: 1 },
              ],
            },
          },
        },
      },
}));
