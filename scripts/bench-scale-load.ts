import { readdirSync, readFileSync } from "node:fs";
import { seedProducts } from "@server/seed/catalog-data";
import type pg from "pg";

// What the scale bench's parts share (scripts/bench-scale.ts, scripts/bench-day.ts): the shop it
// measures, and how it reads a process tree's CPU and PostgreSQL's time.

export const DATABASE = "gleam_bench_scale";
export const CATALOGUE = 10_000;
const CLOCK_TICKS = 100;
export const CUSTOMER = ["customer@example.com", "customer-password-1"] as const;
export const SEARCHES = ["white", "strips", "mint", "pen", "sensitive", "charcoal", "floss", "gel"];

/** CPU time (ms) of a process and every process under it (a primary and its workers). */
export function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at = pid, depth = 0; at > 1 && depth < 10; depth++) {
      if (at === rootPid) return true;
      at = stats.get(at)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.ticks;
  return (ticks * 1000) / CLOCK_TICKS;
}

export async function databaseActiveMs(client: pg.Client): Promise<number> {
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ ms: number }>(
    "select active_time::float8 as ms from pg_stat_database where datname = $1",
    [DATABASE],
  );
  return rows[0]?.ms ?? 0;
}

/** Zipf-like popularity: a few products take most views, as in every shop. */
export function popularProduct(random: number): string {
  const rank = Math.min(CATALOGUE, Math.floor(1 / (1 - random * 0.9999)) ** 1.2);
  const seeded = seedProducts.map((product) => product.id);
  if (rank <= seeded.length) return seeded[Math.max(0, Math.floor(rank) - 1)] ?? "prod1";
  return `scale-${String(Math.floor(rank) - seeded.length).padStart(5, "0")}`;
}

export const round = (value: number) => Math.round(value * 100) / 100;
