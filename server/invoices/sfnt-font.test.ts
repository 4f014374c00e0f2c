import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sfntFromWoff } from "./sfnt-font";

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"));

/** A table's checksum as the OpenType spec sums it (the head table's adjustment taken as 0). */
function checksum(data: Buffer, tag: string): number {
  const words = Buffer.alloc((data.length + 3) & ~3);
  data.copy(words);
  if (tag === "head") words.writeUInt32BE(0, 8);
  let sum = 0;
  for (let at = 0; at < words.length; at += 4) sum = (sum + words.readUInt32BE(at)) >>> 0;
  return sum;
}

describe("a WOFF font unwrapped", () => {
  it("is the TrueType font it wraps: every table whole, where the directory says, aligned", () => {
    const sfnt = sfntFromWoff(woff);
    const count = sfnt.readUInt16BE(4);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(count).toBe(woff.readUInt16BE(12));
    // The total length the WOFF header gives for the font it wraps.
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
    const tags: string[] = [];
    for (let index = 0; index < count; index++) {
      const at = 12 + index * 16;
      const tag = sfnt.subarray(at, at + 4).toString("latin1");
      const offset = sfnt.readUInt32BE(at + 8);
      const length = sfnt.readUInt32BE(at + 12);
      tags.push(tag);
      expect(offset % 4, tag).toBe(0);
      expect(checksum(sfnt.subarray(offset, offset + length), tag), tag).toBe(
        sfnt.readUInt32BE(at + 4),
      );
    }
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hmtx", "loca"]));
    // Binary search fields for 2^n tables at most the count.
    const power = 2 ** Math.floor(Math.log2(count));
    expect([sfnt.readUInt16BE(6), sfnt.readUInt16BE(8)]).toEqual([power * 16, Math.log2(power)]);
  });

  it("refuses what is not WOFF", () => {
    expect(() =>
      sfntFromWoff(Buffer.from("not a font at all, not even close to one", "latin1")),
    ).toThrow("not a WOFF 1.0 font");
  });
});
