import { parseMediaUrl } from "@common/catalog/product-images";
import { getDb } from "@server/db/connection";
import { readRendition } from "@server/media/image-store";
import type { Route } from "./+types/media";

// /media/<image id>/<width>.<webp|jpg>: an uploaded image at one of the stored sizes, from the
// database (every instance serves every upload). An id names one image forever, so the answer
// is cached for a year; a revalidation with the same ETag gets 304.

const YEAR = 31_536_000;
const contentTypes = { webp: "image/webp", jpg: "image/jpeg" } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const media = parseMediaUrl(`/media/${params.imageId}/${params.file}`);
  const stored = media
    ? await readRendition(await getDb(), media.imageId, media.width, media.format)
    : null;
  if (!stored) {
    return new Response("Not found.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers = {
    "Cache-Control": `public, max-age=${YEAR}, immutable`,
    ETag: stored.etag,
  };
  if (request.headers.get("If-None-Match") === stored.etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(stored.content), {
    headers: {
      ...headers,
      "Content-Type": contentTypes[stored.format],
      "Content-Length": String(stored.content.byteLength),
    },
  });
}
