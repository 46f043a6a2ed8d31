import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressPlugin()],
  resolve: {
    // Every `import … from "zod"` in app/ and shared/ gets zod with its eval probe off in the browser (CSP).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/lib/zod-without-eval.ts") }],
  },
});
