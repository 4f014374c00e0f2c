// How a purge reaches the shared cache in front (docs/deploy.md, "A shared cache in front"): one
// adapter, chosen by CACHE_PURGE. Each sends the tags of a change by its cache's documented call
// and throws on anything but success, so the job queue tries again later.
// - `http`: a PURGE request to each of CACHE_PURGE_URLS with the tags in `Surrogate-Key`
//   (Varnish with the shop's VCL, or any proxy configured to ban by that header);
// - `cloudflare`: POST /zones/{zone}/purge_cache with `{ tags }`, at most 100 a call;
// - `fastly`: POST /service/{service}/purge with `{ surrogate_keys }`, at most 256 a call, soft
//   (the pages are marked stale, so they may still answer while the shop is away).

import { z } from "zod";
import type { PurgeConfig } from "../env-shared-cache";

export type CachePurger = {
  /** Names the cache in logs and the admin's view of a stuck purge. */
  readonly name: string;
  purge(tags: readonly string[]): Promise<void>;
};

const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";
const FASTLY_API = "https://api.fastly.com";
const CLOUDFLARE_TAGS_PER_CALL = 100;
const FASTLY_KEYS_PER_CALL = 256;
/** A purge call that has not answered by then is failed and tried again by the queue. */
const CALL_TIMEOUT_MS = 10_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/** Sends one purge call; throws unless it answered 2xx. The body, for a CDN's own verdict. */
async function send(what: string, url: string, init: RequestInit): Promise<string> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return text;
}

/** Cloudflare's envelope says whether the call worked, whatever the status. */
const cloudflareSucceeded = z.object({ success: z.literal(true) });

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function purgerFor(config: PurgeConfig): CachePurger | null {
  switch (config.kind) {
    case "none":
      return null;
    case "http":
      return {
        name: "HTTP purge",
        async purge(tags) {
          const headers: Record<string, string> = { "Surrogate-Key": tags.join(" ") };
          if (config.token) headers.Authorization = `Bearer ${config.token}`;
          // Every cache in front holds its own copies: each is told.
          await Promise.all(
            config.urls.map((url) => send("HTTP purge", url, { method: "PURGE", headers })),
          );
        },
      };
    case "cloudflare": {
      const base = config.apiUrl ?? CLOUDFLARE_API;
      return {
        name: "Cloudflare",
        async purge(tags) {
          for (const batch of chunks(tags, CLOUDFLARE_TAGS_PER_CALL)) {
            const text = await send(
              "Cloudflare",
              `${base}/zones/${encodeURIComponent(config.zoneId)}/purge_cache`,
              {
                method: "POST",
                headers: {
                  Authorization: `Bearer ${config.token}`,
                  "Content-Type": "application/json",
                },
                body: JSON.stringify({ tags: batch }),
              },
            );
            if (!cloudflareSucceeded.safeParse(parsedJson(text)).success) {
              throw new Error(`Cloudflare did not purge: ${text.slice(0, 200)}`);
            }
          }
        },
      };
    }
    case "fastly": {
      const base = config.apiUrl ?? FASTLY_API;
      return {
        name: "Fastly",
        async purge(tags) {
          for (const batch of chunks(tags, FASTLY_KEYS_PER_CALL)) {
            await send("Fastly", `${base}/service/${encodeURIComponent(config.serviceId)}/purge`, {
              method: "POST",
              headers: {
                "Fastly-Key": config.token,
                "Fastly-Soft-Purge": "1",
                "Content-Type": "application/json",
                Accept: "application/json",
              },
              body: JSON.stringify({ surrogate_keys: batch }),
            });
          }
        },
      };
    }
  }
}
