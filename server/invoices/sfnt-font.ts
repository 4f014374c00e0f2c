import { inflateSync } from "node:zlib";

// The shop's typeface for its PDFs as a plain TrueType file. @fontsource/inter ships WOFF, whose
// tables are zlib-compressed; fontkit (under pdfkit) inflates them in JavaScript each time a PDF
// opens the font, and again to embed the subset at the end: a long stall of the worker for every
// download. Unwrapped once here with Node's own zlib (the WOFF 1.0 format, W3C
// https://www.w3.org/TR/WOFF/), each PDF reads the font as it is.

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (length: number) => (length + 3) & ~3;

/** The TrueType (or OpenType) font a WOFF 1.0 file wraps. */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error("not a WOFF 1.0 font");
  }
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error("a WOFF table is not the length it says");
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  const headerLength = SFNT_HEADER + SFNT_ENTRY * count;
  const sfnt = Buffer.alloc(
    tables.reduce((sum, table) => sum + padded(table.data.length), headerLength),
  );
  // The search fields of the table directory: the largest power of two not above the count.
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * SFNT_ENTRY, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE((count - power) * SFNT_ENTRY, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
