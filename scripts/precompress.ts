import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, the headers cost more than compression saves (the same threshold as the dynamic compression). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(target);
    else if (COMPRESSIBLE.test(entry.name)) yield target;
  }
}

/** Writes `.br` (brotli, best) and `.gz` (gzip, best) beside every compressible file of `dir`. */
export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of files(dir)) {
    const content = fs.readFileSync(file);
    if (content.byteLength < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
    totals.files += 1;
    totals.bytes += content.byteLength;
    totals.brotliBytes += brotli.byteLength;
  }
  return totals;
}

/**
 * Compresses the browser build once, at build time, so the server hands out `.br`/`.gz` files (serveStatic's
 * `precompressed`) instead of compressing the same bundles on every request (issue 14).
 */
export function precompressPlugin(): Plugin {
  return {
    name: "job-board-precompress",
    apply: "build",
    writeBundle(options) {
      if (!options.dir || path.basename(options.dir) !== "client") return;
      const { files: count, bytes, brotliBytes } = precompressDir(options.dir);
      this.info(
        `precompressed ${count} files: ${(bytes / 1024).toFixed(0)} KiB → ${(brotliBytes / 1024).toFixed(0)} KiB brotli`,
      );
    },
  };
}
