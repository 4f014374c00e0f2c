import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompressDirectory } from "./precompress-assets";

describe("precompressDirectory", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "gleam-precompress-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes Brotli and gzip forms that decode to the file, in every folder", async () => {
    const script = "export const shop = 'Gleam';\n".repeat(200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4"/>'.repeat(200)}</svg>`;
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "images", "products"), { recursive: true });
    writeFileSync(join(dir, "assets", "framework-abc.js"), script);
    writeFileSync(join(dir, "images", "products", "pen.svg"), svg);

    const done = await precompressDirectory(dir);

    expect(done.files).toBe(2);
    for (const [path, text] of [
      [join(dir, "assets", "framework-abc.js"), script],
      [join(dir, "images", "products", "pen.svg"), svg],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(text);
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(text);
      expect(readFileSync(`${path}.br`).length).toBeLessThan(text.length);
    }
  });

  it("leaves small files, compressed formats and forms that would not be smaller alone", async () => {
    writeFileSync(join(dir, "tiny.js"), "x".repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, "inter.woff2"), Buffer.alloc(4096, 7));
    // Random bytes do not compress: neither form would be smaller than the file.
    writeFileSync(join(dir, "noise.txt"), randomBytes(4096));

    const done = await precompressDirectory(dir);

    expect(done.files).toBe(0);
    for (const name of ["tiny.js", "inter.woff2", "noise.txt"]) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
