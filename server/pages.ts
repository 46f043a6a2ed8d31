import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { createRequestHandler, RouterContextProvider, ServerBuild } from "react-router";
import type { PageHandler } from "#server/app.ts";
import type { AppServices } from "#server/services.ts";
import type { FormRefusal } from "#shared/form-post.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
const BUILD_ENTRY = path.join(BUILD_DIR, "server/index.js");
export const CLIENT_DIR = path.join(BUILD_DIR, "client");

type AppBuild = ServerBuild & {
  /** app/entry.server.tsx re-exports these: the context keys and React Router are the very objects the bundled routes use. */
  entry: {
    module: {
      createLoadContext: (services: AppServices, nonce?: string, formRefusal?: FormRefusal) => RouterContextProvider;
      createRequestHandler: typeof createRequestHandler;
    };
  };
};

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** `npm start` builds when there is no build or the app's sources changed since the last one. */
export async function ensureBuild(log: (message: string) => Promise<void> | void): Promise<void> {
  const sources = ["app", "shared", "vite.config.ts", "react-router.config.ts", "package.json"].map((p) =>
    path.join(ROOT, p),
  );
  const built = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  // Awaited: the build below blocks this process, and a logger that writes in the background must say "building" first.
  await log(
    built
      ? "Sources changed since the last build; rebuilding…"
      : "No build found; building the app (first start only)…",
  );
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The app build failed; see the output above");
}

export async function productionPages(services: AppServices): Promise<PageHandler> {
  const build = (await import(BUILD_ENTRY)) as AppBuild;
  const handler = build.entry.module.createRequestHandler(build, "production");
  return (request, nonce, formRefusal) =>
    handler(request, build.entry.module.createLoadContext(services, nonce, formRefusal));
}

/** Development: Vite renders with hot reload; its middleware runs before Hono in the same server. */
export async function developmentPages(services: AppServices) {
  const { createServer } = await import("vite");
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: "custom" });
  const pages: PageHandler = async (request, nonce, formRefusal) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as AppBuild;
    const handler = build.entry.module.createRequestHandler(build, "development");
    return handler(request, build.entry.module.createLoadContext(services, nonce, formRefusal));
  };
  return { pages, middlewares: vite.middlewares, close: () => vite.close() };
}
