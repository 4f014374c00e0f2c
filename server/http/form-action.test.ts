import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "../errors";
import { answerForm, formIntent } from "./form-action";

type Answered = { data: Record<string, unknown>; init: ResponseInit | null };

const post = (fields: Record<string, string>, type = "application/x-www-form-urlencoded") =>
  new Request("http://shop.test/form", {
    method: "POST",
    headers: { "Content-Type": type },
    body: type.startsWith("application/x-www")
      ? new URLSearchParams(fields)
      : JSON.stringify(fields),
  });

const intents = {
  "sign-in": formIntent(
    z.object({ email: z.email("Please enter a valid email address."), password: z.string() }),
    async ({ email, password }) => {
      if (password === "unverified") {
        throw new DomainError("EMAIL_NOT_VERIFIED", "Please verify your email address.");
      }
      if (password === "crash") throw new Error("secret internals");
      return { setCookies: [`session=${email}; HttpOnly`] };
    },
  ),
  details: formIntent(z.object({ fullName: z.string().min(1) }), async () => {}),
};

async function answered(request: Request) {
  return (await answerForm(request, intents)) as unknown as Answered;
}

describe("answerForm", () => {
  it("runs the intent's operation, sets its cookies and is never stored", async () => {
    const result = await answered(post({ intent: "sign-in", email: "a@b.example", password: "x" }));
    expect(result.data).toEqual({ intent: "sign-in", ok: true });
    const headers = new Headers(result.init?.headers);
    expect(result.init?.status).toBe(200);
    expect(headers.get("Set-Cookie")).toBe("session=a@b.example; HttpOnly");
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("names the first problem of the fields (400), and refuses an unknown intent", async () => {
    expect(await answered(post({ intent: "sign-in", email: "nope", password: "x" }))).toMatchObject(
      {
        data: { intent: "sign-in", ok: false, message: "Please enter a valid email address." },
        init: { status: 400 },
      },
    );
    expect(await answered(post({ intent: "toString" }))).toMatchObject({
      data: { intent: "unknown", ok: false, message: "Something went wrong" },
      init: { status: 400 },
    });
  });

  it("answers a DomainError with its code and status, echoing the email for a new link", async () => {
    expect(
      await answered(post({ intent: "sign-in", email: "a@b.example", password: "unverified" })),
    ).toMatchObject({
      data: {
        intent: "sign-in",
        ok: false,
        code: "EMAIL_NOT_VERIFIED",
        message: "Please verify your email address.",
        email: "a@b.example",
      },
      init: { status: 403 },
    });
  });

  it("hides an unexpected failure", async () => {
    const result = await answered(
      post({ intent: "sign-in", email: "a@b.example", password: "crash" }),
    );
    expect(result).toMatchObject({
      data: { ok: false, message: "Something went wrong" },
      init: { status: 500 },
    });
    expect(JSON.stringify(result.data)).not.toContain("secret");
  });

  it("refuses a body that is not a form with 415", async () => {
    const thrown = await answerForm(post({ intent: "details" }, "application/json"), intents).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 415 } });
  });
});
