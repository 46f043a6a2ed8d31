import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.ts";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressPlugin()],
  resolve: {
    // Every `import … from "zod"` in app/ and shared/ gets zod with its eval probe off in the browser (CSP).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/lib/zod-without-eval.ts") }],
  },
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
