import type pg from "pg";
import { logIn } from "./bench-checkout";
import {
  CUSTOMER,
  databaseActiveMs,
  popularProduct,
  round,
  SEARCHES,
  treeCpuMs,
} from "./bench-scale-load";
import type { BuiltServer } from "./built-server";

// A day's traffic shape replayed through the shared cache (`npm run bench -- --scale`, docs/scale.md).

type ReplayKind = "public page" | "/api/me" | "checkout or account page";

/** A UK shop's day, hour by hour (share of the mean), with a viral hour at 20:00 at ten times it. */
const DAY_SHAPE = [
  0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.4, 0.7, 0.9, 1, 1.1, 1.2, 1.3, 1.2, 1.1, 1.1, 1.2, 1.4, 1.6, 1.9,
  10, 2, 1.4, 0.6,
];

/** 3. The day's shape through the cache: what shoppers saw, what reached the origin. */
export async function replayDay(
  cacheUrl: string,
  origin: BuiltServer,
  client: pg.Client,
  seconds: number,
  meanRate: number,
) {
  const shape = DAY_SHAPE.map((share) => (share * 24) / DAY_SHAPE.reduce((a, b) => a + b, 0));
  const hourMs = (seconds * 1000) / 24;
  const cookie = await logIn(cacheUrl, cacheUrl, ...CUSTOMER);
  const latencies: number[] = [];
  const states = { HIT: 0, MISS: 0, PASS: 0, other: 0 };
  let failures = 0;
  const perHour: Array<{ sent: number; origin: number }> = shape.map(() => ({
    sent: 0,
    origin: 0,
  }));
  const pending = new Set<Promise<void>>();
  const cpuBefore = treeCpuMs(origin.child.pid ?? 0);
  const dbBefore = await databaseActiveMs(client);
  const start = Date.now();
  const byKind = new Map<ReplayKind, { latencies: number[]; hits: number }>();
  for (;;) {
    const elapsed = Date.now() - start;
    const hour = Math.floor(elapsed / hourMs);
    if (hour >= 24) break;
    const tick = 20;
    const due = ((shape[hour] ?? 1) * meanRate * tick) / 1000;
    const count = Math.floor(due) + (Math.random() < due % 1 ? 1 : 0);
    for (let index = 0; index < count; index++) {
      const { path, headers, kind } = pickRequest(cookie);
      const slot = perHour[hour] as { sent: number; origin: number };
      slot.sent++;
      const sentAt = performance.now();
      const request = fetch(`${cacheUrl}${path}`, {
        headers: { ...headers, "Accept-Encoding": "gzip" },
        redirect: "manual",
      })
        .then(async (response) => {
          await response.arrayBuffer();
          const took = performance.now() - sentAt;
          latencies.push(took);
          const state = response.headers.get("x-cache") ?? "other";
          const own = byKind.get(kind) ?? { latencies: [], hits: 0 };
          own.latencies.push(took);
          if (state === "HIT") own.hits++;
          byKind.set(kind, own);
          if (state === "HIT" || state === "MISS" || state === "PASS") states[state]++;
          else states.other++;
          if (state !== "HIT") slot.origin++;
          if (response.status >= 500) failures++;
        })
        .catch(() => {
          failures++;
        })
        .finally(() => pending.delete(request));
      pending.add(request);
    }
    await new Promise((resolve) => setTimeout(resolve, tick));
  }
  await Promise.all(pending);
  const elapsedS = (Date.now() - start) / 1000;
  const cpuMs = treeCpuMs(origin.child.pid ?? 0) - cpuBefore;
  const dbMs = (await databaseActiveMs(client)) - dbBefore;
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const at = (q: number) => round(latencies[Math.min(total - 1, Math.floor(q * total))] ?? 0);
  const hourSeconds = hourMs / 1000;
  const peak = perHour.reduce((best, slot) => (slot.sent > best.sent ? slot : best));
  return {
    secondsPerHour: round(hourSeconds),
    meanRequestsPerSecond: meanRate,
    requests: total,
    failures,
    cache: states,
    hitRatio: round(states.HIT / Math.max(1, total)),
    byKind: Object.fromEntries(
      [...byKind].map(([kind, own]) => {
        own.latencies.sort((a, b) => a - b);
        const n = own.latencies.length;
        return [
          kind,
          {
            requests: n,
            hitRatio: round(own.hits / Math.max(1, n)),
            latencyP99Ms: round(own.latencies[Math.min(n - 1, Math.floor(0.99 * n))] ?? 0),
          },
        ];
      }),
    ),
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    peakHour: {
      requestsPerSecond: Math.round(peak.sent / hourSeconds),
      originRequestsPerSecond: Math.round(peak.origin / hourSeconds),
    },
    origin: {
      requestsPerSecond: round((states.MISS + states.PASS + states.other) / elapsedS),
      cpuCoresUsed: round(cpuMs / 1000 / elapsedS),
      // Reported by backends as they go idle: a lower bound over a run this short.
      databaseMsPerSecondAtLeast: round(dbMs / elapsedS),
    },
  };
}

type Picked = { path: string; headers: Record<string, string>; kind: ReplayKind };

/** The share of page views by a signed-in visitor: only theirs also ask /api/me (decision 057). */
const SIGNED_IN_SHARE = 0.1;

/**
 * One request of the day's mix: a page view, or the /api/me a signed-in visitor's page view also
 * asks (a guest's asks nothing: its page knows it is a guest from its cookies).
 */
function pickRequest(cookie: string): Picked {
  if (Math.random() < SIGNED_IN_SHARE / (1 + SIGNED_IN_SHARE)) {
    return { path: "/api/me", headers: { Cookie: cookie }, kind: "/api/me" };
  }
  const headers: Record<string, string> = Math.random() < SIGNED_IN_SHARE ? { Cookie: cookie } : {};
  const roll = Math.random();
  const page = (path: string): Picked => ({ path, headers, kind: "public page" });
  if (roll < 0.44) return page(`/product/${popularProduct(Math.random())}`);
  if (roll < 0.6) return page("/");
  if (roll < 0.8) return page(`/store?page=${1 + Math.floor(Math.random() * 5)}`);
  if (roll < 0.9) return page(`/search?q=${SEARCHES[Math.floor(Math.random() * SEARCHES.length)]}`);
  if (roll < 0.96) return { path: "/checkout", headers, kind: "checkout or account page" };
  return { path: "/dashboard", headers: { Cookie: cookie }, kind: "checkout or account page" };
}
