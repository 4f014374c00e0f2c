import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "../errors";
import { apiRoute } from "./api-route";

const url = "http://shop.test/api/thing";
const call = (
  route: ReturnType<typeof apiRoute>,
  init: RequestInit & { path?: string } = {},
  params: Record<string, string> = {},
) => route({ request: new Request(`${url}${init.path ?? ""}`, init), params });

async function answer(response: Response) {
  return {
    status: response.status,
    cache: response.headers.get("Cache-Control"),
    body: response.status === 304 ? null : await response.json(),
  };
}

describe("apiRoute", () => {
  const echo = apiRoute({
    methods: ["GET", "POST"],
    signedIn: false,
    params: z.object({ id: z.string().regex(/^[a-z]+$/) }),
    notFound: "Thing not found.",
    query: z.object({ n: z.coerce.number().int().max(5, "n is at most 5.").default(1) }),
    failure: "The thing failed.",
    handle: async ({ method, params, query }) => {
      if (params.id === "gone") throw new DomainError("CONFLICT", "That thing is gone.");
      if (params.id === "broken") throw new Error("ECONNREFUSED 10.0.0.5:5432");
      return { method, id: params.id, n: query.n };
    },
  });

  it("answers what the handler gives, never stored, with the method it was called with", async () => {
    expect(await answer(await call(echo, { path: "?n=3" }, { id: "pen" }))).toEqual({
      status: 200,
      cache: "private, no-store",
      body: { method: "GET", id: "pen", n: 3 },
    });
  });

  it("refuses other methods with 405 and says which it takes", async () => {
    const response = await call(echo, { method: "DELETE" }, { id: "pen" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("answers a bad path parameter 404 and a bad query 400, with their messages", async () => {
    expect(await answer(await call(echo, {}, { id: "PEN!" }))).toMatchObject({
      status: 404,
      body: { error: "Thing not found." },
    });
    expect(await answer(await call(echo, { path: "?n=9" }, { id: "pen" }))).toMatchObject({
      status: 400,
      body: { error: "n is at most 5." },
    });
  });

  it("turns a DomainError into its status, and hides anything else behind the route's message", async () => {
    expect(await answer(await call(echo, {}, { id: "gone" }))).toEqual({
      status: 409,
      cache: "no-store",
      body: { error: "That thing is gone." },
    });
    expect(await answer(await call(echo, {}, { id: "broken" }))).toEqual({
      status: 500,
      cache: "no-store",
      body: { error: "The thing failed." },
    });
  });

  it("asks for a session when the route needs one (401), before reading anything", async () => {
    let ran = false;
    const mine = apiRoute({
      methods: ["POST"],
      signedIn: true,
      body: z.object({ a: z.string() }),
      failure: "x",
      handle: async () => {
        ran = true;
        return {};
      },
    });
    expect(await answer(await call(mine, { method: "POST", body: "{}" }))).toMatchObject({
      status: 401,
      body: { error: "Authentication required." },
    });
    expect(ran).toBe(false);
  });

  it("reads a JSON body with its schema: 400 for anything else", async () => {
    const open = apiRoute({
      methods: ["POST"],
      signedIn: false,
      body: z.object({ quantity: z.number().int().min(1, "quantity must be at least 1.") }),
      failure: "x",
      handle: async ({ body }) => ({ quantity: body.quantity }),
    });
    const post = (body: string, type = "application/json") =>
      call(open, { method: "POST", body, headers: { "Content-Type": type } });
    expect(await answer(await post('{"quantity":2}'))).toMatchObject({ body: { quantity: 2 } });
    expect(await answer(await post('{"quantity":0}'))).toMatchObject({
      status: 400,
      body: { error: "quantity must be at least 1." },
    });
    expect(await answer(await post("{nope"))).toMatchObject({ status: 400 });
    expect(await answer(await post("quantity=2", "text/plain"))).toMatchObject({ status: 400 });
  });

  it("answers a public read with an ETag, and 304 when the caller has it", async () => {
    const list = apiRoute({
      methods: ["GET"],
      signedIn: false,
      publicRead: true,
      failure: "x",
      handle: async () => ({ items: [1, 2] }),
    });
    const first = await call(list);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    const again = await call(list, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("does not exist while it is not enabled", async () => {
    const off = apiRoute({
      methods: ["POST"],
      signedIn: false,
      enabled: () => false,
      failure: "x",
      handle: async () => ({}),
    });
    expect((await call(off, { method: "POST" })).status).toBe(404);
  });
});
