import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// The browser's files compressed once, when the shop is built: beside each script, stylesheet and
// SVG image in build/client, its Brotli (.br) and gzip (.gz) forms, which the server sends to a
// browser that accepts them (server/http/app.ts, serveStatic's `precompressed`) instead of
// compressing the same bytes again for every visitor. Brotli at its best setting is too slow to run
// per request and is some 15 % smaller than gzip for these files. `npm run build` runs it:
// `tsx scripts/precompress-assets.ts [dir]` (build/client by default).

/** What browsers fetch and compresses well; fonts (woff2) and raster images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost (the server's threshold too). */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function precompressFile(path: string): Promise<{ bytes: number; brotli: number } | null> {
  const original = await readFile(path);
  if (original.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipped(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A form that is not smaller is not worth sending: the server then sends the file as it is.
  const smaller = [
    { form: br, suffix: ".br" },
    { form: gz, suffix: ".gz" },
  ].filter(({ form }) => form.length < original.length);
  if (smaller.length === 0) return null;
  await Promise.all(smaller.map(({ form, suffix }) => writeFile(`${path}${suffix}`, form)));
  return { bytes: original.length, brotli: Math.min(br.length, original.length) };
}

/** Writes the .br and .gz forms of every compressible file under `dir`; returns what it did. */
export async function precompressDirectory(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  // zlib's work runs on libuv's thread pool: a few files at a time use every core.
  const queue = await filesUnder(dir);
  const worker = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      const done = await precompressFile(path);
      if (!done) continue;
      totals.files += 1;
      totals.bytes += done.bytes;
      totals.brotliBytes += done.brotli;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? "build/client";
  const started = performance.now();
  const { files, bytes, brotliBytes } = await precompressDirectory(dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Precompressed ${files} files in ${dir} (${Math.round(bytes / 1024)} kB, ${Math.round(brotliBytes / 1024)} kB as Brotli) in ${seconds} s.`,
  );
}
