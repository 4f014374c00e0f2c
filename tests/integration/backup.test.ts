import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "@server/db/backup";
import { openDatabase } from "@server/db/client";
import type { Database } from "@server/db/database";
import { seedDemoHistory } from "@server/seed/demo-history";
import { seedDemoReviews } from "@server/seed/demo-reviews";
import { seedCatalogIfEmpty } from "@server/seed/seed-catalog";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopPricing } from "../factories";

// `npm run backup` / `npm run restore` on the embedded database: a round trip gives the
// same shop, row for row, in every table, migrations' record included.

const now = new Date("2026-11-20T12:00:00Z");
let root: string;
let shopDir: string;

/** Every table's row count and a digest of its rows, sorted: equal digests, equal contents. */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  // Both drivers answer execute() with `rows`; the shared type does not say so.
  const rowsOf = async <T>(query: ReturnType<typeof sql.raw>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(sql`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ rows: number; digest: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`,
      ),
    );
    result[name] = `${row?.rows} ${row?.digest}`;
  }
  return result;
}

async function fingerprintOf(dataDir: string) {
  const handle = await openDatabase({ driver: "pglite", dataDir });
  try {
    return await fingerprint(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "gleam-backup-"));
  shopDir = join(root, "shop");
  const handle = await openDatabase({ driver: "pglite", dataDir: shopDir });
  await handle.migrate();
  await seedCatalogIfEmpty(handle.db);
  await seedDemoHistory(handle.db, {
    orders: 300,
    days: 60,
    shoppers: 40,
    pricing: shopPricing,
    now,
  });
  await seedDemoReviews(handle.db, now);
  await handle.close();
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("backup and restore of the embedded database", () => {
  it("restores an identical shop from a backup", async () => {
    const file = join(root, "backups", "shop.tar.gz");
    const bytes = await backupEmbeddedDatabase(shopDir, file);
    expect(bytes).toBe(statSync(file).size);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, "backups"))).toEqual(["shop.tar.gz"]);

    const restored = join(root, "restored");
    expect(await restoreEmbeddedDatabase(file, restored, { replace: false })).toEqual({
      movedAside: null,
    });
    const original = await fingerprintOf(shopDir);
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(original["public.orders"]).toMatch(/^300 /);
    expect(await fingerprintOf(restored)).toEqual(original);
  }, 20_000);

  it("restores over a database only when told to, keeping the one it replaces", async () => {
    const file = join(root, "second.tar.gz");
    await backupEmbeddedDatabase(shopDir, file);
    const target = join(root, "target");
    const empty = await openDatabase({ driver: "pglite", dataDir: target });
    await empty.migrate();
    await empty.close();
    const before = await fingerprintOf(target);
    // The digests tell an empty shop from the seeded one.
    expect(before).not.toEqual(await fingerprintOf(shopDir));

    await expect(restoreEmbeddedDatabase(file, target, { replace: false })).rejects.toThrow(
      /already holds a database\. Add --replace/,
    );
    expect(await fingerprintOf(target)).toEqual(before);

    const { movedAside } = await restoreEmbeddedDatabase(file, target, { replace: true, now });
    expect(movedAside).toBe(`${target}.before-restore-2026-11-20T12-00-00-000Z`);
    expect(await fingerprintOf(target)).toEqual(await fingerprintOf(shopDir));
    expect(await fingerprintOf(movedAside ?? "")).toEqual(before);
  }, 40_000);

  it("puts the database back when a backup cannot be loaded", async () => {
    const broken = join(root, "broken.tar.gz");
    writeFileSync(broken, "not a backup at all");
    const target = join(root, "kept");
    await restoreEmbeddedDatabase(join(root, "backups", "shop.tar.gz"), target, { replace: false });
    const before = await fingerprintOf(target);
    await expect(restoreEmbeddedDatabase(broken, target, { replace: true })).rejects.toThrow(
      /could not be restored/,
    );
    expect(await fingerprintOf(target)).toEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith("kept."))).toEqual([]);
  }, 20_000);

  it("refuses while a running shop holds the folder, and without a database", async () => {
    // The folder's lock names a live process other than this one (the test runner's parent).
    writeFileSync(join(shopDir, "gleam.lock"), String(process.ppid));
    try {
      await expect(backupEmbeddedDatabase(shopDir, join(root, "no.tar.gz"))).rejects.toThrow(
        /in use by process/,
      );
      await expect(
        restoreEmbeddedDatabase(join(root, "backups", "shop.tar.gz"), shopDir, { replace: true }),
      ).rejects.toThrow(/in use by process/);
    } finally {
      rmSync(join(shopDir, "gleam.lock"));
    }
    await expect(
      backupEmbeddedDatabase(join(root, "nothing"), join(root, "x.tar.gz")),
    ).rejects.toThrow(/There is no database in/);
    await expect(
      restoreEmbeddedDatabase(join(root, "missing.tar.gz"), join(root, "y"), { replace: false }),
    ).rejects.toThrow(/No backup at/);
  });
});
