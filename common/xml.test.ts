import { describe, expect, it } from "vitest";
import { xmlProblems } from "../tests/strict-xml";
import { escapeXml } from "./xml";

describe("escapeXml", () => {
  it("escapes markup and drops what XML 1.0 forbids, keeping tabs, line breaks and emoji", () => {
    expect(escapeXml(`Pen & "Brush" <Set> it's`)).toBe(
      "Pen &amp; &quot;Brush&quot; &lt;Set&gt; it&apos;s",
    );
    expect(escapeXml("Strips\uFFFE\uFFFF\u0001\u001F\uD800 kit")).toBe("Strips kit");
    expect(escapeXml("a\tb\nc\rd 😁 é")).toBe("a\tb\nc\rd 😁 é");
  });

  // The probe: the strict parser refuses the character escapeXml drops.
  it("leaves a document a strict parser reads, where the raw text would not be", () => {
    const doc = (text: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<t>${text}</t>`;
    expect(xmlProblems(doc("Kit\uFFFE"))).not.toEqual([]);
    expect(xmlProblems(doc(escapeXml("Kit\uFFFE & <more>")))).toEqual([]);
  });
});
