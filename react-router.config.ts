import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build dirs let parallel test runs (and helpers) build without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
