import { asc, eq } from "drizzle-orm";
import type { ProductPicture } from "../../common/catalog/product-images";
import type { Database } from "../db/database";
import { assertImageExists } from "../media/image-store";
import { productImages } from "./schema";

// A product's pictures after its main one (./schema.ts productImages), as its editor saves them:
// each must be one of the shop's images or an upload that exists; saved in order, replacing the
// ones before when they changed.

/** The pictures after the main one, in order. */
export async function productPictures(db: Database, productId: string): Promise<ProductPicture[]> {
  return db
    .select({ url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}

/** Saves the pictures when they differ from those saved; whether they did. */
export async function savePictures(
  tx: Database,
  productId: string,
  pictures: readonly ProductPicture[],
  before: readonly ProductPicture[] = [],
): Promise<boolean> {
  if (JSON.stringify(before) === JSON.stringify(pictures)) return false;
  for (const picture of pictures) await assertImageExists(tx, picture.url);
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (pictures.length > 0) {
    await tx.insert(productImages).values(
      pictures.map((picture, index) => ({
        productId,
        url: picture.url,
        alt: picture.alt,
        position: index + 1,
      })),
    );
  }
  return true;
}
