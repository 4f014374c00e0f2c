import { Writable } from "node:stream";
import { createElement as h, lazy, type ReactElement, Suspense, useId } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { DOCTYPE, documentBytes, readLoaderHandoff, renderReadyDocument } from "./ready-render";

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** The parts of React Router's EntryContext the hand-over reads and writes. */
function contextWith(stream?: ReadableStream<Uint8Array>) {
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
}

/** What React's streaming renderer sends for `element`, once all of it is ready. */
function streamed(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              resolve(Buffer.concat(chunks).toString("utf8"));
              callback();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

function Field() {
  const id = useId();
  return h("p", null, h("label", { htmlFor: id }, "Email"), h("input", { id }));
}

function Broken(): ReactElement {
  throw new Error("broken");
}

const documentWith = (...children: ReactElement[]) =>
  h(
    "html",
    { lang: "en-GB" },
    h("head", null, h("title", null, "Gleam")),
    h("body", null, ...children),
  );

describe("readLoaderHandoff", () => {
  it("reads the loader data whole and hands it to each render as already read", async () => {
    const pound = new TextEncoder().encode('["£12.99"]');
    // The pound sign's two bytes split between two chunks.
    const context = contextWith(streamOf(pound.subarray(0, 3), pound.subarray(3)));
    const handOver = await readLoaderHandoff(context);
    for (let render = 0; render < 2; render++) {
      handOver();
      const cached = context.renderMeta?.streamCache?.[0];
      expect(cached?.result).toEqual({ done: true, value: '["£12.99"]' });
      await expect(cached).resolves.toBeUndefined();
      // React Router takes a reader of the stream for each render: a fresh one, with the same
      // bytes, so a render that read it instead of the cache would find the same data.
      const fresh = context.serverHandoffStream;
      expect(fresh?.locked).toBe(false);
      expect(fresh && (await new Response(fresh).text())).toBe('["£12.99"]');
    }
  });

  it("does nothing for a page without loader data", async () => {
    const context = contextWith(undefined);
    (await readLoaderHandoff(context))();
    expect(context.serverHandoffStream).toBeUndefined();
    expect(context.renderMeta?.streamCache).toBeUndefined();
  });
});

describe("renderReadyDocument", () => {
  it("gives the streaming renderer's HTML for a ready document, doctype, ids and boundaries alike", async () => {
    const page = () =>
      documentWith(h(Field), h(Suspense, { fallback: null }, h("section", null, "Reviews")));
    const ready = renderReadyDocument(page());
    expect(ready).toMatch(/^<html lang="en-GB">/);
    expect(DOCTYPE + ready).toBe(await streamed(page()));
  });

  it("leaves a page whose lazy part is not loaded yet to the streaming renderer, then takes it", async () => {
    let load: (module: { default: () => ReactElement }) => void = () => {};
    const Reviews = lazy(
      () => new Promise<{ default: () => ReactElement }>((done) => (load = done)),
    );
    const page = () => documentWith(h(Suspense, { fallback: null }, h(Reviews)));
    expect(renderReadyDocument(page())).toBeNull();
    load({ default: () => h("section", null, "Reviews") });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderReadyDocument(page())).toContain("<section>Reviews</section>");
  });

  it("leaves a page that throws, inside a boundary or out, to the streaming renderer", () => {
    expect(
      renderReadyDocument(documentWith(h(Suspense, { fallback: null }, h(Broken)))),
    ).toBeNull();
    expect(renderReadyDocument(documentWith(h(Broken)))).toBeNull();
  });
});

describe("documentBytes", () => {
  it("is the parts' UTF-8, one after the other", () => {
    const parts = [DOCTYPE, "<p>£5 – “whiter”</p>", "", "<p>😁</p>"];
    const bytes = documentBytes(parts);
    expect(bytes.equals(Buffer.from(parts.join(""), "utf8"))).toBe(true);
    expect(bytes.toString("utf8")).toBe(parts.join(""));
  });
});
