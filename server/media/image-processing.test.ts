import { cropSquare } from "@common/catalog/product-images";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareImage } from "./image-processing";

// An upload's square is cut where the editor's preview showed it (docs/admin.md).

/** A picture 800 × 400: red on the left half, blue on the right. */
async function halves(): Promise<File> {
  const red = await sharp({
    create: { width: 400, height: 400, channels: 3, background: "#ff0000" },
  })
    .png()
    .toBuffer();
  const png = await sharp({
    create: { width: 800, height: 400, channels: 3, background: "#0000ff" },
  })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "halves.png");
}

/** The colour at the middle of a rendition. */
async function middle(content: Buffer) {
  const { data, info } = await sharp(content).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { red: data[at] ?? 0, blue: data[at + 2] ?? 0 };
}

describe("an upload cut to a square", () => {
  it("places the square as CSS's object-position would", () => {
    expect(cropSquare(800, 400, { x: 0, y: 50 })).toEqual({ side: 400, left: 0, top: 0 });
    expect(cropSquare(800, 400, { x: 100, y: 50 })).toEqual({ side: 400, left: 400, top: 0 });
    expect(cropSquare(400, 1000, { x: 50, y: 25 })).toEqual({ side: 400, left: 0, top: 150 });
  });

  it("cuts the square where the admin put it", async () => {
    const left = await prepareImage(await halves(), { x: 0, y: 50 });
    const right = await prepareImage(await halves(), { x: 100, y: 50 });
    const [leftSmall] = left.renditions;
    const [rightSmall] = right.renditions;
    if (!leftSmall || !rightSmall) throw new Error("no renditions");
    const leftColour = await middle(leftSmall.content);
    const rightColour = await middle(rightSmall.content);
    expect(leftColour.red).toBeGreaterThan(200);
    expect(leftColour.blue).toBeLessThan(50);
    expect(rightColour.blue).toBeGreaterThan(200);
    expect(rightColour.red).toBeLessThan(50);
  });
});
