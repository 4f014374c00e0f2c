import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

// A page is rendered once its loaders are done (no deferred data), so nothing it shows is still
// coming. React's streaming renderer nonetheless pays for streaming: it encodes every small piece
// of markup into bytes as it goes, and React Router's loader data, streamed into the page as it is
// encoded, suspends the render at each of its chunks. Rendering the finished page as one string
// costs about a quarter less server CPU (bench-speed's uncached product page, decision record 023).
// Two things make that safe:
// - the loader data is read whole first and handed to React Router's render as already read, in
//   the cache its <StreamTransfer> keeps (EntryContext.renderMeta.streamCache), so the render
//   never waits for it;
// - a page with a part not ready (a lazy component's code not yet loaded in this process, or an
//   error inside a Suspense boundary, which the string renderer would leave for the browser to
//   render), or a render that throws, is not taken: the caller renders it with the streaming
//   renderer, which waits and reports the error as before.

/** How React marks a Suspense boundary it left for the browser to render. */
const LEFT_FOR_THE_BROWSER = "<!--$!";

/**
 * Reads React Router's loader data for the page whole. The returned function hands it to the next
 * render as already read; call it before each render of this page. It also gives the render a
 * fresh stream of the same bytes in place of the one read here (React Router takes a reader of
 * it): a React Router that stopped reading the cache would still find the data there.
 */
export async function readLoaderHandoff(context: EntryContext): Promise<() => void> {
  const stream = context.serverHandoffStream;
  if (!stream) return () => {};
  const chunks = await readChunks(stream);
  const decoder = new TextDecoder();
  const text =
    chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
  return () => {
    context.serverHandoffStream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    context.renderMeta ??= {};
    context.renderMeta.streamCache = {
      0: Object.assign(Promise.resolve(), { result: { done: true, value: text } }),
    };
  };
}

async function readChunks(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/**
 * The document's HTML, rendered at once, or null when the string renderer cannot give the page as
 * the streaming one would: a part not ready (see above), or an error, which the streaming render
 * then meets again and reports as it always has (a page with an error costs two renders). Without
 * its doctype, which the streaming renderer writes and the string renderer does not: it is sent
 * before it (DOCTYPE), as its own part, so the long string is not joined to another.
 */
export function renderReadyDocument(document: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(document);
  } catch {
    return null;
  }
  return html.includes(LEFT_FOR_THE_BROWSER) ? null : html;
}

/** What a document rendered by renderReadyDocument is sent after. */
export const DOCTYPE = "<!DOCTYPE html>";

/**
 * The UTF-8 bytes of a document sent as `parts`, one after the other, written into one buffer
 * without joining them into one string first (see scriptsAfterFirstPaint).
 */
export function documentBytes(parts: readonly string[]): Buffer<ArrayBuffer> {
  const bytes = Buffer.allocUnsafe(
    parts.reduce((size, part) => size + Buffer.byteLength(part, "utf8"), 0),
  );
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset, "utf8");
  return bytes;
}
