import { Writable } from "node:stream";
import { sentAsMade } from "@server/http/light-response";
import { cspNonceContext } from "@server/http/load-context";
import { logger } from "@server/logger";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

// Pages are rendered completely before the first byte (no deferred data yet), so every response
// carries its final status and crawlers get the whole document. React renders it with its own
// streaming renderer and React Router's <ServerRouter>, through their public APIs only; no field
// of theirs is written and what they write is sent as written (decision records 036 and 060).
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // None under the development server, which sends no CSP, and for a page rendered for the page
  // cache, whose scripts are allowed by their hashes.
  const nonce = loadContext.get(cspNonceContext) || undefined;

  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Never move a Suspense boundary's content out of place to be revealed by a script:
        // pages must read complete without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // The whole document is ready: collect React's many small chunks and send them as one
          // body, which costs far less than streaming each chunk through web streams.
          const chunks: Buffer<ArrayBuffer>[] = [];
          const sink = new Writable({
            write(chunk: Buffer<ArrayBuffer>, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                sentAsMade(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
  });
}

/** Loader and action errors that reach an error boundary: logged once, with the request. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, method: request.method, url: request.url }, "unhandled route error");
};
