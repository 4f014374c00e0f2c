import { describe, expect, it } from "vitest";
import type { FaqContent } from "../../common/content/pages";
import { contentOfForm, pageFormSchema } from "./page-form";

describe("contentOfForm", () => {
  it("reads listed fields by their place and closes the gaps of removed items", () => {
    expect(
      contentOfForm({
        intent: "save",
        version: "2",
        title: "FAQ",
        "questions.0.question": "One?",
        "questions.0.answerHtml": "<p>1</p>",
        "questions.2.question": "Three?",
        "questions.2.answerHtml": "<p>3</p>",
        "questions.99.question": "Too far",
        "constructor.0.x": "no",
      }),
    ).toEqual({
      title: "FAQ",
      questions: [
        { question: "One?", answerHtml: "<p>1</p>" },
        { question: "Three?", answerHtml: "<p>3</p>" },
      ],
      constructor: [{ x: "no" }],
    });
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it("reads a list of plain texts by their place", () => {
    expect(
      contentOfForm({
        "announcements.2": "Third",
        "announcements.0": "First",
        "announcements.1": "Second",
      }),
    ).toEqual({ announcements: ["First", "Second", "Third"] });
  });
});

describe("pageFormSchema", () => {
  it("sanitises the HTML and names the field at fault", () => {
    const saved = pageFormSchema("faq").safeParse({
      version: "0",
      title: "FAQ",
      "questions.0.question": "Safe?",
      "questions.0.answerHtml": '<p onclick="x()">Yes<script>alert(1)</script></p>',
    });
    expect(saved.success && (saved.data.content as FaqContent).questions[0]?.answerHtml).toBe(
      "<p>Yes</p>",
    );

    const refused = pageFormSchema("faq").safeParse({
      title: "FAQ",
      "questions.0.question": "",
      "questions.0.answerHtml": "<p>Yes</p>",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path.join(".")).toBe("questions.0.question");
    expect(refused.error?.issues[0]?.message).toBe("Write the question.");
  });

  it("names the announcement at fault, and wants all three", () => {
    const home = {
      heroTitle: "Bright",
      heroText: "Smiles",
      "announcements.0": "Free shipping over {freeShippingOver}",
      "announcements.1": "x".repeat(81),
      "announcements.2": "Made in Britain",
    };
    const refused = pageFormSchema("home").safeParse(home);
    expect(refused.error?.issues[0]?.path.join(".")).toBe("announcements.1");
    expect(refused.error?.issues[0]?.message).toBe("Keep the announcement under 80 characters.");

    const { "announcements.2": _, ...two } = home;
    const short = pageFormSchema("home").safeParse({ ...two, "announcements.1": "Made here" });
    expect(short.error?.issues[0]?.message).toBe("The announcement bar shows three messages.");
  });

  it("refuses an answer that is only markup", () => {
    const refused = pageFormSchema("terms-of-service").safeParse({
      title: "Terms",
      bodyHtml: "<p><script>alert(1)</script></p>",
    });
    expect(refused.error?.issues[0]?.message).toBe("Write the text.");
  });
});
