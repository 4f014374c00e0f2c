import { IMAGE_TOO_LARGE, parseMediaUrl } from "@common/catalog/product-images";
import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { getProduct } from "@server/catalog/catalog-service";
import { createProduct, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import type { ProductInput } from "@server/catalog/product-input";
import { DomainError } from "@server/errors";
import {
  IMAGE_TOO_SMALL,
  NOT_AN_IMAGE,
  prepareImage,
  sniffImageFormat,
  UNREADABLE_IMAGE,
} from "@server/media/image-processing";
import { listImageChoices, readRendition, UNKNOWN_IMAGE } from "@server/media/image-store";
import { imageRenditions, images } from "@server/media/schema";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCustomer, versionNow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Image upload for products: the type read from the bytes, a size limit, the
// sizes the storefront needs rendered and kept in the database (so every instance serves them),
// and a product saved with its new image all or nothing.

const picture = (format: "jpeg" | "png" | "webp", width = 1000, height = 800) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 160, b: 140, alpha: 0.6 } },
  })
    .toFormat(format)
    .toBuffer();

const fileOf = (bytes: Uint8Array | string, name = "photo.jpg", type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const input = (change: Partial<ProductInput> = {}): ProductInput => ({
  name: "Whitening Foam",
  slug: "whitening-foam",
  descriptionHtml: "<p>Gentle foam.</p>",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A bottle of whitening foam",
  variants: [{ name: "50 ml", pricePence: 1299, compareAtPricePence: null, startingStock: 5 }],
  ...change,
});

describe("an upload's type", () => {
  it("is read from its signature, whatever its name says", async () => {
    expect(sniffImageFormat(await picture("jpeg"))).toBe("jpeg");
    expect(sniffImageFormat(await picture("png"))).toBe("png");
    expect(sniffImageFormat(await picture("webp"))).toBe("webp");
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a..."))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });

  it("refuses what is not a JPEG, PNG or WebP, or is too large, too small or damaged", async () => {
    const svg = fileOf(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      "x.png",
      "image/png",
    );
    expect((await refusal(prepareImage(svg))).message).toBe(NOT_AN_IMAGE);
    const gif = await sharp({
      create: { width: 500, height: 500, channels: 3, background: "#fff" },
    })
      .gif()
      .toBuffer();
    expect((await refusal(prepareImage(fileOf(gif, "photo.jpg")))).message).toBe(NOT_AN_IMAGE);
    // A PNG's signature on a JPEG's body: the decoder and the signature disagree.
    const jpeg = await picture("jpeg");
    const lying = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpeg,
    ]);
    expect((await refusal(prepareImage(fileOf(lying, "x.png", "image/png")))).message).toMatch(
      new RegExp(`^(${NOT_AN_IMAGE}|${UNREADABLE_IMAGE.replace(".", "\\.")})$`),
    );
    // A signature with nothing an image decoder can read after it.
    const truncated = Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(2000, 7)]);
    expect((await refusal(prepareImage(fileOf(truncated)))).message).toBe(UNREADABLE_IMAGE);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    huge.set(jpeg.subarray(0, 3));
    const tooBig = await refusal(prepareImage(fileOf(huge)));
    expect([tooBig.message, tooBig.field]).toEqual([IMAGE_TOO_LARGE, "imageFile"]);
    const small = await refusal(prepareImage(fileOf(await picture("png", 300, 900), "s.png")));
    expect(small.message).toBe(IMAGE_TOO_SMALL);
  });

  it("renders every size square, upright and without the upload's metadata", async () => {
    const tagged = await sharp(await picture("jpeg", 1600, 1000))
      .withExif({ IFD0: { Copyright: "someone", Artist: "Secret Place" } })
      .jpeg()
      .toBuffer();
    const prepared = await prepareImage(fileOf(tagged, "../../etc/Studio shot<1>.jpg"));
    expect(prepared.fileName).toBe("Studio shot1.jpg");
    expect([prepared.sourceFormat, prepared.sourceWidth, prepared.sourceHeight]).toEqual([
      "jpeg",
      1600,
      1000,
    ]);
    const sizes = await Promise.all(
      prepared.renditions.map(async (rendition) => {
        const meta = await sharp(rendition.content).metadata();
        expect(meta.exif).toBeUndefined();
        return [rendition.format, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ["webp", "webp", 160, 160],
      ["webp", "webp", 400, 400],
      ["webp", "webp", 800, 800],
      // The photo is 1,000 pixels high: the 1,200 sizes are square at 1,000, never enlarged.
      ["webp", "webp", 1000, 1000],
      ["jpg", "jpeg", 1000, 1000],
    ]);
    // A smaller photo is never enlarged: its largest sizes stay at its own shorter side.
    const modest = await prepareImage(fileOf(await picture("jpeg", 600, 500)));
    expect(modest.renditions.map((rendition) => rendition.content.byteLength > 0)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    const largest = await sharp(modest.renditions[3]?.content).metadata();
    expect([largest.width, largest.height]).toEqual([500, 500]);
  });
});

describe.each(testDrivers)("product images on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const imageRows = async () => (await db().select({ n: count() }).from(images))[0]?.n;
  const renditionRows = async () => (await db().select({ n: count() }).from(imageRenditions))[0]?.n;

  it("saves a product with its new image in one transaction, served from the database", async () => {
    const admin = adminActor(await createCustomer(db()));
    const upload = await prepareImage(fileOf(await picture("png"), "foam.png", "image/png"));
    const id = await createProduct(db(), admin, input(), upload);
    const shown = await getProduct(db(), id);
    const media = parseMediaUrl(shown.imageUrl);
    expect(media).toMatchObject({ width: 800, format: "webp" });
    if (!media) throw new Error("no media URL");
    const stored = await readRendition(db(), media.imageId, 400, "webp");
    expect(stored && sniffImageFormat(stored.content)).toBe("webp");
    expect(stored?.etag).toMatch(/^"[\w-]{43}"$/);
    const share = await readRendition(db(), media.imageId, 1200, "jpg");
    expect(share && (await sharp(share.content).metadata()).format).toBe("jpeg");
    expect(await readRendition(db(), media.imageId, 160, "jpg")).toBeNull();
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(actions.map((row) => row.action).sort()).toEqual(["image.uploaded", "product.created"]);
    // The upload is offered for other products, after the shop's own images.
    const choices = await listImageChoices(db());
    expect(choices.find((choice) => choice.url === shown.imageUrl)).toEqual({
      url: shown.imageUrl,
      label: expect.stringMatching(/^foam\.png \(uploaded \d{4}-\d\d-\d\d\)$/),
    });
    // Another product may show it; an image that was never uploaded is refused.
    const other = await createProduct(
      db(),
      admin,
      input({ slug: "foam-two", imageUrl: shown.imageUrl }),
    );
    expect((await getProduct(db(), other)).imageUrl).toBe(shown.imageUrl);
    const unknown = await refusal(
      updateProduct(db(), admin, other, {
        ...{
          ...input({ slug: "foam-two" }),
          imageUrl: "/media/00000000-0000-4000-8000-000000000000/800.webp",
        },
        version: await versionNow(db(), "products", other),
      }),
    );
    expect([unknown.message, unknown.field]).toEqual([UNKNOWN_IMAGE, "imageUrl"]);
    expect((await getProduct(db(), other)).imageUrl).toBe(shown.imageUrl);
  });

  it("keeps no image when the product it came with is refused", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input({ slug: "foam-kept" }));
    const [images, renditions] = [await imageRows(), await renditionRows()];
    const upload = await prepareImage(fileOf(await picture("webp"), "foam.webp", "image/webp"));
    const taken = await refusal(createProduct(db(), admin, input({ slug: "foam-kept" }), upload));
    expect(taken.code).toBe("CONFLICT");
    const foreign = await refusal(
      updateProduct(
        db(),
        admin,
        id,
        {
          ...input({
            slug: "foam-kept",
            variants: [
              {
                id: "not-this-one",
                name: "x",
                pricePence: 1,
                compareAtPricePence: null,
                startingStock: 0,
              },
            ],
          }),
          version: await versionNow(db(), "products", id),
        },
        upload,
      ),
    );
    expect(foreign.code).toBe("BAD_REQUEST");
    expect([await imageRows(), await renditionRows()]).toEqual([images, renditions]);
    expect((await getProduct(db(), id)).imageUrl).toBe("/images/products/whitening-toothpaste.svg");
  });

  it("replaces a product's image on edit and records the change", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const upload = await prepareImage(fileOf(await picture("jpeg")));
    await updateProduct(
      db(),
      admin,
      id,
      { ...input(), version: await versionNow(db(), "products", id) },
      upload,
    );
    const after = await getProduct(db(), id);
    expect(parseMediaUrl(after.imageUrl)).not.toBeNull();
    const detail = await getAdminProduct(db(), id);
    expect(detail?.history.find((entry) => entry.action === "product.updated")).toMatchObject({
      action: "product.updated",
      before: { imageUrl: "/images/products/whitening-toothpaste.svg" },
      after: { imageUrl: after.imageUrl },
    });
    const [row] = await db().select().from(images).where(eq(images.uploadedBy, admin.id));
    expect(row?.sourceFormat).toBe("jpeg");
  });
});

describe("the product form's file field", () => {
  const form = (file?: File) => ({
    name: "Foam",
    slug: "foam",
    descriptionHtml: "",
    imageUrl: "/images/products/whitening-pen.svg",
    imageAlt: "A pen",
    variants: JSON.stringify([{ name: "Default", price: "5", compareAt: "", startingStock: "1" }]),
    ...(file ? { imageFile: file } : {}),
  });

  it("reads an empty file input as no upload and passes a chosen file on", () => {
    const none = productFormSchema.safeParse(
      form(new File([], "", { type: "application/octet-stream" })),
    );
    expect(none.success && none.data.imageFile).toBeNull();
    expect(productFormSchema.safeParse(form()).success).toBe(true);
    const chosen = productFormSchema.safeParse(form(fileOf("x")));
    expect(chosen.success && chosen.data.imageFile?.name).toBe("photo.jpg");
    const stranger = productFormSchema.safeParse({
      ...form(),
      imageUrl: "https://evil.example/x.png",
    });
    expect(stranger.success).toBe(false);
    expect(stranger.error?.issues[0]).toMatchObject({ path: ["imageUrl"], message: UNKNOWN_IMAGE });
  });
});
