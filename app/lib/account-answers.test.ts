import { describe, expect, it } from "vitest";
import { accountAnswer, parseAccountForm } from "./account-answers";
import { signInForm } from "./account-forms";

describe("account form answers", () => {
  it("parses a good form and refuses a bad one with 400 and its first problem", () => {
    const good = parseAccountForm(
      signInForm,
      { email: "Ada@Example.com", password: "x" },
      "sign-in",
    );
    expect(good).toEqual({ ok: true, data: { email: "ada@example.com", password: "x" } });
    const bad = parseAccountForm(signInForm, { email: "not-an-email", password: "x" }, "sign-in");
    if (bad.ok) throw new Error("accepted a bad email");
    expect(bad.answer.init?.status).toBe(400);
    expect(bad.answer.data).toEqual({
      intent: "sign-in",
      ok: false,
      message: "Please enter a valid email address.",
    });
  });

  it("answers 200 when ok, the given status otherwise, with every cookie set", () => {
    const ok = accountAnswer({ intent: "sign-in", ok: true }, { setCookies: ["a=1", "b=2"] });
    expect(ok.init?.status).toBe(200);
    expect(new Headers(ok.init?.headers).getSetCookie()).toEqual(["a=1", "b=2"]);
    const limited = accountAnswer({ intent: "sign-in", ok: false }, { status: 429 });
    expect(limited.init?.status).toBe(429);
  });
});
