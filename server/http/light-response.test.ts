import { describe, expect, it } from "vitest";
import { asMade, sentAsMade } from "./light-response";

describe("sentAsMade and asMade", () => {
  it("gives back a made response with its body, and the status and headers it has now", async () => {
    const made = sentAsMade(Buffer.from("<p>£5</p>"), {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    // What React Router does with it: reads it as a Response, and may add a header.
    expect(made.statusText).toBe("");
    expect(made.body).not.toBeNull();
    made.headers.set("X-Added", "later");
    const sent = asMade(made);
    expect(sent).not.toBe(made);
    expect(sent.status).toBe(404);
    expect(sent.headers.get("X-Added")).toBe("later");
    expect(sent.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await sent.text()).toBe("<p>£5</p>");
  });

  it("keeps a text body, and leaves any other response as it is", async () => {
    expect(await asMade(sentAsMade('{"a":1}', { status: 200 })).json()).toEqual({ a: 1 });
    const other = new Response("other");
    expect(asMade(other)).toBe(other);
  });
});
