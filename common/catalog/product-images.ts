// Where a product's picture is and which sizes exist: the one rule for image URLs, read by the
// storefront (srcset, link previews), the admin's picker and the server that stores and serves
// uploads (server/media). A product shows either one of the shop's own illustrations (SVG files
// in public/images/products) or an uploaded image, stored in the database and served at
// /media/<id>/<width>.<webp|jpg>.

/** The widths the storefront asks for: thumbnails, cards at 1x and 2x, the product page at 2x. */
export const imageWidths = [160, 400, 800, 1200] as const;
export type ImageWidth = (typeof imageWidths)[number];
/** The size a product's image URL names; the others are offered beside it in srcset. */
export const PRODUCT_IMAGE_WIDTH = 800;
/** Link previews get a JPEG (not every network reads WebP) at the largest width. */
export const SHARE_IMAGE_WIDTH = 1200;

/** What an upload may be (checked again from the bytes on the server). */
export const IMAGE_UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MIN_IMAGE_SIDE = 400;
export const IMAGE_TOO_LARGE = "The image is larger than 5 MB: choose a smaller file.";
/**
 * Where an upload's square is cut from, as percentages across and down (50, 50: the middle). It
 * means what CSS's object-position means for a square box over the picture, so the editor's
 * preview (an object-fit: cover square) shows exactly the square the server cuts (cropSquare).
 */
export type CropFocus = { x: number; y: number };

/** The square cut from a picture `width` × `height` at `focus`: its side and top-left corner. */
export function cropSquare(width: number, height: number, focus: CropFocus) {
  const side = Math.min(width, height);
  return {
    side,
    left: Math.round(((width - side) * focus.x) / 100),
    top: Math.round(((height - side) * focus.y) / 100),
  };
}

/** A product's pictures after its main one, at most (twelve in all). */
export const MAX_MORE_PICTURES = 11;

/** A picture of a product with its description for people who cannot see it. */
export type ProductPicture = { url: string; alt: string };

/**
 * A product's picture until the admin gives it one: neutral, so a new product never shows another
 * product's picture.
 */
export const NO_PICTURE = "/images/products/no-picture.svg";

/** The shop's own illustrations, shipped with the code: the neutral placeholder first. */
export const shopImages = [
  NO_PICTURE,
  "/images/products/whitening-strips.svg",
  "/images/products/whitening-toothpaste.svg",
  "/images/products/whitening-pen.svg",
  "/images/products/complete-smile-bundle.svg",
] as const;

export type MediaFormat = "webp" | "jpg";

const MEDIA_PATH =
  /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d+)\.(webp|jpg)$/;

export function mediaUrl(imageId: string, width: ImageWidth, format: MediaFormat): string {
  return `/media/${imageId}/${width}.${format}`;
}

/** An uploaded image's URL taken apart, or null for anything else (a shop image, a stranger). */
export function parseMediaUrl(
  url: string,
): { imageId: string; width: ImageWidth; format: MediaFormat } | null {
  const match = MEDIA_PATH.exec(url);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const width = Number(match[2]);
  if (!imageWidths.some((known) => known === width)) return null;
  return { imageId: match[1], width: width as ImageWidth, format: match[3] as MediaFormat };
}

/** Whether a product may name this image: one of the shop's own, or an upload at the product size. */
export function isProductImageUrl(url: string): boolean {
  if (shopImages.some((image) => image === url)) return true;
  const media = parseMediaUrl(url);
  return media !== null && media.width === PRODUCT_IMAGE_WIDTH && media.format === "webp";
}

/** The srcset of an uploaded image (every width); none for the SVG illustrations, which scale. */
export function imageSrcSet(url: string): string | undefined {
  const media = parseMediaUrl(url);
  if (!media) return undefined;
  return imageWidths
    .map((width) => `${mediaUrl(media.imageId, width, "webp")} ${width}w`)
    .join(", ");
}

/**
 * The picture wherever it leaves the shop (link previews, search engines, emails): a JPEG. Each
 * SVG illustration has one beside it (scripts/render-images.ts); an upload has one stored.
 */
export function shareableImageUrl(imageUrl: string): string {
  const media = parseMediaUrl(imageUrl);
  if (media) return mediaUrl(media.imageId, SHARE_IMAGE_WIDTH, "jpg");
  return imageUrl.replace(/\.svg$/i, ".jpg");
}
