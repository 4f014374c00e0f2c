import { describe, expect, it } from "vitest";
import { readForm } from "./form-request";

// docs/decisions/076-authorised-on-what-runs.md: one reading of a form per request, each field
// named once.

const urlencoded = (body: string) =>
  new Request("http://shop.test/form", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return new Request("http://shop.test/form", { method: "POST", body: form });
}

const TWICE = "The field “intent” was sent more than once. Send each field once.";

describe("readForm", () => {
  it("reads each field once, and gives every reader the same reading", async () => {
    const request = urlencoded("intent=fulfil&status=paid");
    const first = await readForm(request);
    expect(first).toEqual({ intent: "fulfil", status: "paid" });
    // The body is read once: a second reader gets that reading, not a used body's failure.
    expect(await readForm(request)).toBe(first);
  });

  it("refuses a field named twice, first or last, urlencoded or multipart (400)", async () => {
    for (const request of [
      urlencoded("intent=fulfil&intent=cancel"),
      urlencoded("intent=cancel&status=paid&intent=fulfil"),
      multipart([
        ["intent", "fulfil"],
        ["intent", "cancel"],
      ]),
    ]) {
      await expect(readForm(request)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        field: "intent",
        message: TWICE,
      });
      // And so does every later reader of the same request.
      await expect(readForm(request)).rejects.toMatchObject({ message: TWICE });
    }
    await expect(readForm(urlencoded("status=paid&status=cancelled"))).rejects.toMatchObject({
      field: "status",
    });
  });

  it("keeps a field named __proto__ as a field, not the object's prototype", async () => {
    const fields = await readForm(urlencoded("__proto__=x&intent=note"));
    expect(Object.keys(fields)).toEqual(["__proto__", "intent"]);
  });
});
