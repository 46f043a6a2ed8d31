import { Writable } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { cspNonceContext } from "#app/context.server.ts";

// The Hono process builds the load context and the request handler through these exports, so the context keys it
// sets are the very objects the bundled routes read (a separate import would be a second copy of app/context.ts), and
// in production React Router is the copy bundled here, its production build (ADR 28).
export { createLoadContext } from "#app/context.server.ts";
export { createRequestHandler } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // ServerRouter puts the nonce on React Router's inline scripts (hydration data, <Scripts>, <ScrollRestoration>,
  // modulepreload links); React's option covers its own streaming scripts.
  const nonce = loadContext.get(cspNonceContext);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The whole document, then one Response: no route suspends (no <Await>, no Suspense), so the shell is the page and
  // streaming it sent nothing sooner. Streamed, React's 2 kB chunks each went through a Node stream, a web stream, a
  // gzip call on the thread pool and a socket write: about 46 writes and 160 thread hand-offs a page. Whole, the
  // page is compressed in one call (server/http/compress.ts) and written at once.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        // Clear the timeout to prevent retaining the closure and memory leak
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
