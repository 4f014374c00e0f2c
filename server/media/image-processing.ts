import { createHash } from "node:crypto";
import sharp from "sharp";
import {
  type CropFocus,
  cropSquare,
  IMAGE_TOO_LARGE,
  type ImageWidth,
  imageWidths,
  MAX_IMAGE_BYTES,
  type MediaFormat,
  MIN_IMAGE_SIDE,
  SHARE_IMAGE_WIDTH,
} from "../../common/catalog/product-images";
import { DomainError } from "../errors";

// An upload checked and turned into the sizes the storefront needs, before any
// database work: what the file is comes from its bytes (never its name or the browser's word),
// its size and pixel count are limited, and it is cropped square (every product slot is square),
// turned upright from its EXIF orientation, stripped of metadata (a phone photo's GPS position
// never reaches the shop) and encoded afresh, so no byte of the upload is ever served.

export type SourceFormat = "jpeg" | "png" | "webp";

type Rendition = {
  width: ImageWidth;
  format: MediaFormat;
  content: Buffer;
  etag: string;
};

export type PreparedImage = {
  fileName: string;
  sourceFormat: SourceFormat;
  sourceWidth: number;
  sourceHeight: number;
  sourceBytes: number;
  renditions: Rendition[];
};

export const NOT_AN_IMAGE = "Upload a JPEG, PNG or WebP image.";
export const UNREADABLE_IMAGE = "The image could not be read: it may be damaged.";
export const IMAGE_TOO_SMALL = `The image must be at least ${MIN_IMAGE_SIDE} × ${MIN_IMAGE_SIDE} pixels.`;
/** The product form's file field, where these messages show. */
const IMAGE_FIELD = "imageFile";
/** More pixels than any product photo needs; a small file that decodes to more is a bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The format the bytes themselves say, from their signature; null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): SourceFormat | null {
  const starts = (offset: number, signature: number[]) =>
    signature.every((value, index) => bytes[offset + index] === value);
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

/** A file name kept for the admin's picker: its last part, printable, at most 100 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const printable = base.replace(/[^\p{L}\p{N} ._()-]/gu, "").trim();
  return (printable || "image").slice(0, 100);
}

const etagOf = (content: Buffer) => `"${createHash("sha256").update(content).digest("base64url")}"`;

/** Checks an uploaded file and renders every size; a DomainError says what is wrong with it. */
export async function prepareImage(file: File, focus?: CropFocus): Promise<PreparedImage> {
  if (file.size > MAX_IMAGE_BYTES)
    throw new DomainError("BAD_REQUEST", IMAGE_TOO_LARGE, IMAGE_FIELD);
  const input = Buffer.from(await file.arrayBuffer());
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw new DomainError("BAD_REQUEST", NOT_AN_IMAGE, IMAGE_FIELD);

  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new DomainError("BAD_REQUEST", UNREADABLE_IMAGE, IMAGE_FIELD);
  }
  // The decoder must agree with the signature (a PNG header on a GIF is not a PNG).
  if (metadata.format !== sourceFormat)
    throw new DomainError("BAD_REQUEST", NOT_AN_IMAGE, IMAGE_FIELD);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new DomainError("BAD_REQUEST", UNREADABLE_IMAGE, IMAGE_FIELD);
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new DomainError("BAD_REQUEST", IMAGE_TOO_SMALL, IMAGE_FIELD);
  }

  const shortSide = Math.min(width, height);
  const render = async (size: ImageWidth, format: MediaFormat): Promise<Rendition> => {
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    // The square the admin chose in the preview, else the part libvips finds most striking.
    const square = focus ? cropSquare(width, height, focus) : null;
    const cut = square
      ? upright.extract({
          left: square.left,
          top: square.top,
          width: square.side,
          height: square.side,
        })
      : upright;
    const pipeline = cut
      // Square, never enlarged: a photo smaller than a size keeps its own (shorter) side.
      .resize(Math.min(size, shortSide), Math.min(size, shortSide), {
        fit: "cover",
        position: "attention",
      })
      // Transparent PNGs sit on white, as the storefront's image slots do.
      .flatten({ background: "#ffffff" });
    const content =
      format === "webp"
        ? await pipeline.webp({ quality: 80 }).toBuffer()
        : await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    return { width: size, format, content, etag: etagOf(content) };
  };

  try {
    const renditions: Rendition[] = [];
    for (const size of imageWidths) renditions.push(await render(size, "webp"));
    renditions.push(await render(SHARE_IMAGE_WIDTH, "jpg"));
    return {
      fileName: cleanFileName(file.name),
      sourceFormat,
      sourceWidth: width,
      sourceHeight: height,
      sourceBytes: file.size,
      renditions,
    };
  } catch {
    throw new DomainError("BAD_REQUEST", UNREADABLE_IMAGE, IMAGE_FIELD);
  }
}

/** The product form's optional new image: prepared when one was sent, null when none was. */
export async function prepareUpload(
  file: File | null,
  focus?: CropFocus,
): Promise<PreparedImage | null> {
  return file ? prepareImage(file, focus) : null;
}
