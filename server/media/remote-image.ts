import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { MAX_IMAGE_BYTES } from "../../common/catalog/product-images";
import { DomainError } from "../errors";
import { type PreparedImage, prepareImage } from "./image-processing";

// A picture fetched from an address a catalogue file gives (docs/admin.md#product-csv), then
// checked and resized as an upload is (./image-processing.ts). The address is the file's, not the
// admin's own choice of server, so the fetch is guarded as a request forgery would be tried: web
// addresses only, never one of this network's own (loopback, private, link-local, the cloud's
// metadata service), checked again at every redirect; a time limit and the upload's size limit.

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/** Whether an address is this machine's or its network's own, never the public web's. */
export function isPrivateAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** What fetches a picture: the guarded fetch below, or a test's stand-in. */
export type ImageFetch = (url: string) => Promise<Response>;

const cannot = (message: string) => new DomainError("BAD_REQUEST", message);

/** Refused unless it is a web address whose host is on the public internet. */
async function assertPublic(url: URL) {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw cannot("only web addresses (https://) are fetched");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  if (addresses.length === 0) throw cannot(`${url.hostname} could not be found`);
  if (addresses.some(isPrivateAddress)) {
    throw cannot(`${url.hostname} is not on the public internet`);
  }
}

/** The public web's fetch, each redirect checked as the first address was. */
export const guardedFetch: ImageFetch = async (address) => {
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await assertPublic(url);
    const response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: "image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5" },
    });
    const next = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && next) {
      await response.body?.cancel();
      url = new URL(next, url);
      continue;
    }
    return response;
  }
  throw cannot("it redirects too many times");
};

/** The body up to the upload's limit; refused past it, without reading the rest. */
async function boundedBody(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > MAX_IMAGE_BYTES) throw cannot("it is larger than 5 MB");
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_IMAGE_BYTES) {
      await reader.cancel();
      throw cannot("it is larger than 5 MB");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The picture at `address`, checked and resized; or why it could not be had, in words for the
 * admin ("could not be fetched: ...").
 */
export async function fetchRemoteImage(
  address: string,
  fetchImage: ImageFetch = guardedFetch,
): Promise<{ image: PreparedImage } | { problem: string }> {
  try {
    const response = await fetchImage(address);
    if (!response.ok) {
      await response.body?.cancel();
      return { problem: `could not be fetched: the server answered ${response.status}.` };
    }
    const bytes = await boundedBody(response);
    const name = decodeURIComponent(new URL(address).pathname.split("/").pop() || "image");
    const image = await prepareImage(new File([new Uint8Array(bytes)], name));
    return { image };
  } catch (error) {
    if (error instanceof DomainError) return { problem: `could not be used: ${error.message}` };
    if (error instanceof Error && error.name === "TimeoutError") {
      return { problem: "could not be fetched: the server did not answer in time." };
    }
    return { problem: "could not be fetched: the server could not be reached." };
  }
}
