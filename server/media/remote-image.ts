import { type LookupAddress, lookup } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { MAX_IMAGE_BYTES } from "../../common/catalog/product-images";
import { DomainError } from "../errors";
import { type PreparedImage, prepareImage } from "./image-processing";

// A picture fetched from an address a catalogue file gives (docs/admin.md#product-csv), then
// checked and resized as an upload is (./image-processing.ts). The address is the file's, not the
// admin's own choice of server, so the fetch is guarded as a request forgery would be tried: web
// addresses only, never one of this network's own (loopback, private, link-local, the cloud's
// metadata service, and IPv6's ways of writing an IPv4 address: mapped, compatible, NAT64,
// 6to4, Teredo), checked again at every redirect; a time limit and the upload's size limit. The
// address checked is the address connected to: the connection's own DNS lookup refuses a private
// answer, so a name that resolves to a public address when checked and a private one when
// connected (DNS rebinding) has nothing to slip between.

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

// Two lists: a BlockList holding IPv6 rules matches an IPv4 address against them as if mapped
// (::ffff:a.b.c.d), which would make every IPv4 address private once ::ffff:0:0/96 is listed.
const privateV4 = new BlockList();
const privateV6 = new BlockList();
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
  privateV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // ::, ::1 and the IPv4-compatible ::a.b.c.d ([::127.0.0.1]).
  ["::", 96],
  // IPv4-mapped (::ffff:127.0.0.1, which the URL parser writes ::ffff:7f00:1).
  ["::ffff:0:0", 96],
  // NAT64, well-known and local-use: a gateway hands them to the IPv4 address inside.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  // 6to4 and Teredo carry an IPv4 address too.
  ["2002::", 16],
  ["2001::", 32],
  ["100::", 64],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateV6.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether an address is this machine's or its network's own, never the public web's (an IPv6
 * address that carries an IPv4 one counts as private, whatever the IPv4 address).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? privateV4.check(address, "ipv4") : privateV6.check(address, "ipv6");
}

/** What resolves a name, as node:dns's lookup does (a test's stand-in, or the system's). */
type Resolve = (
  hostname: string,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, callback) =>
  lookup(hostname, { all: true }, (error, addresses) => callback(error, addresses ?? []));

/**
 * The DNS lookup a connection makes (the `lookup` of node:http's request): every address a name
 * resolves to must be public, or the connection fails before it is made. The address connected
 * to is one of those checked, from the same answer.
 */
function publicLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(cannot(`${hostname} is not on the public internet`), "", 0);
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
      const [first] = usable;
      if (!first) return callback(cannot(`${hostname} could not be found`), "", 0);
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, usable);
      callback(null, first.address, first.family);
    });
  };
}

/** What fetches a picture: the guarded fetch below, or a test's stand-in. */
export type ImageFetch = (url: string) => Promise<Response>;

const cannot = (message: string) => new DomainError("BAD_REQUEST", message);

/**
 * Refused unless it is a web address whose host is a name or a public address (a name's
 * addresses are checked by the connection's own lookup, above).
 */
function assertPublic(url: URL) {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw cannot("only web addresses (https://) are fetched");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host)) {
    throw cannot(`${url.hostname} is not on the public internet`);
  }
}

/** One request, connected through `lookupFor`'s checked answer, as a fetch Response. */
function requestOnce(url: URL, lookupFor: LookupFunction): Promise<Response> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        lookup: lookupFor,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { Accept: "image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5" },
      },
      (incoming) => {
        const headers = new Headers();
        for (let at = 0; at + 1 < incoming.rawHeaders.length; at += 2) {
          headers.append(incoming.rawHeaders[at] ?? "", incoming.rawHeaders[at + 1] ?? "");
        }
        const status = incoming.statusCode ?? 502;
        const empty = status === 204 || status === 304;
        if (empty) incoming.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status,
            headers,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * The public web's fetch, each redirect checked as the first address was. `resolve` is the name
 * lookup behind the connection's check (a test's stand-in, or the system's).
 */
export function guardedFetchWith(resolve?: Resolve): ImageFetch {
  const lookupFor = publicLookup(resolve);
  return async (address) => {
    let url = new URL(address);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      assertPublic(url);
      const response = await requestOnce(url, lookupFor);
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
}

export const guardedFetch: ImageFetch = guardedFetchWith();

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
    // The request's time limit ends it with an AbortError whose cause is the TimeoutError.
    const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
    if (
      error instanceof Error &&
      (error.name === "TimeoutError" || cause?.name === "TimeoutError")
    ) {
      return { problem: "could not be fetched: the server did not answer in time." };
    }
    return { problem: "could not be fetched: the server could not be reached." };
  }
}
