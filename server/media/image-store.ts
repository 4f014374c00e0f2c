import { and, desc, eq } from "drizzle-orm";
import {
  type ImageWidth,
  type MediaFormat,
  mediaUrl,
  NO_PICTURE,
  PRODUCT_IMAGE_WIDTH,
  parseMediaUrl,
  shopImages,
} from "../../common/catalog/product-images";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import type { PreparedImage } from "./image-processing";
import { imageRenditions, images } from "./schema";

// Uploaded images in the database (decision record 010): written in the caller's transaction
// (a product saved with a new image is all or nothing), read back by /media/<id>/<file>.

export const UNKNOWN_IMAGE = "Choose one of the shop's images or upload a new one.";

/** Stores a prepared upload with every rendition; answers the URL a product names it by. */
export async function storeImage(
  tx: Database,
  actor: Actor,
  image: PreparedImage,
): Promise<string> {
  const [row] = await tx
    .insert(images)
    .values({
      fileName: image.fileName,
      sourceFormat: image.sourceFormat,
      sourceWidth: image.sourceWidth,
      sourceHeight: image.sourceHeight,
      sourceBytes: image.sourceBytes,
      uploadedBy: actor.id,
    })
    .returning({ id: images.id });
  if (!row) throw new Error("the image insert returned nothing");
  await tx.insert(imageRenditions).values(
    image.renditions.map((rendition) => ({
      imageId: row.id,
      width: rendition.width,
      format: rendition.format,
      content: rendition.content,
      etag: rendition.etag,
    })),
  );
  await recordAudit(tx, {
    actor,
    action: "image.uploaded",
    entity: { type: "image", id: row.id },
    after: {
      fileName: image.fileName,
      format: image.sourceFormat,
      width: image.sourceWidth,
      height: image.sourceHeight,
      bytes: image.sourceBytes,
    },
  });
  return mediaUrl(row.id, PRODUCT_IMAGE_WIDTH, "webp");
}

/** Refuses a product image URL that names no stored upload (a shop image always exists). */
export async function assertImageExists(tx: Database, url: string): Promise<void> {
  const media = parseMediaUrl(url);
  if (!media) {
    if (shopImages.some((image) => image === url)) return;
    throw new DomainError("BAD_REQUEST", UNKNOWN_IMAGE, "imageUrl");
  }
  const [row] = await tx
    .select({ id: images.id })
    .from(images)
    .where(eq(images.id, media.imageId))
    .limit(1);
  if (!row) throw new DomainError("BAD_REQUEST", UNKNOWN_IMAGE, "imageUrl");
}

export type ImageChoice = { url: string; label: string };

/** What the admin's picker offers: no picture, the shop's illustrations, then the latest uploads. */
export async function listImageChoices(db: Database, limit = 50): Promise<ImageChoice[]> {
  const uploads = await db
    .select({ id: images.id, fileName: images.fileName, createdAt: images.createdAt })
    .from(images)
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit);
  return [
    ...shopImages.map((url) => ({
      url,
      label: url === NO_PICTURE ? "No picture yet" : (url.split("/").at(-1) ?? url),
    })),
    ...uploads.map((upload) => ({
      url: mediaUrl(upload.id, PRODUCT_IMAGE_WIDTH, "webp"),
      label: `${upload.fileName} (uploaded ${upload.createdAt.toISOString().slice(0, 10)})`,
    })),
  ];
}

export type StoredRendition = { content: Buffer; etag: string; format: MediaFormat };

export async function readRendition(
  db: Database,
  imageId: string,
  width: ImageWidth,
  format: MediaFormat,
): Promise<StoredRendition | null> {
  const [row] = await db
    .select({ content: imageRenditions.content, etag: imageRenditions.etag })
    .from(imageRenditions)
    .where(
      and(
        eq(imageRenditions.imageId, imageId),
        eq(imageRenditions.width, width),
        eq(imageRenditions.format, format),
      ),
    )
    .limit(1);
  return row ? { ...row, format } : null;
}
