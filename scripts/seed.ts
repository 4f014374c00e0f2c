import { openDatabase } from "@server/db/client";
import { configuredDatabase } from "@server/db/connection";
import { env } from "@server/env";
import { seedDemoHistory } from "@server/seed/demo-history";
import { seedDemoReviews } from "@server/seed/demo-reviews";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import { seedCatalog } from "@server/seed/seed-catalog";
import { getShopSettings, pricingOf } from "@server/settings/shop-settings";

// `npm run seed`: migrates and loads the demo catalogue. Idempotent: existing rows are kept.
// `npm run seed -- --orders 10000` also loads that many past orders (a year of them, from a
// shopper per five orders; deterministic, loaded once) for benchmarks: demo mode only, never
// into a live shop. `npm run seed -- --products 10000` adds a large deterministic catalogue
// (server/seed/scale-catalog.ts; demo mode only too). On PGlite, stop the server first (one
// process per data folder).

function countArgument(name: string, max: number): number {
  const index = process.argv.indexOf(name);
  if (index === -1) return 0;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} takes a whole number from 1 to ${max.toLocaleString("en-GB")}`);
  }
  return value;
}

async function main() {
  const orders = countArgument("--orders", 1_000_000);
  const scaleProducts = countArgument("--products", 100_000);
  if ((orders > 0 || scaleProducts > 0) && env.SHOP_MODE !== "demo") {
    throw new Error("Demo orders and products go only into a demo shop (SHOP_MODE=demo).");
  }
  const handle = await openDatabase(configuredDatabase());
  try {
    await handle.migrate();
    await seedCatalog(handle.db);
    const where = handle.driver === "postgres" ? "PostgreSQL" : env.DATA_DIR;
    console.log(`Seeded the demo catalogue into ${where}.`);
    if (scaleProducts > 0) {
      const started = performance.now();
      const added = await seedScaleCatalog(handle.db, scaleProducts);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        added > 0
          ? `Added ${added} generated products in ${seconds} s.`
          : "The generated products were there already: none added.",
      );
    }
    if (orders > 0) {
      const added = await seedDemoHistory(handle.db, {
        orders,
        days: 365,
        shoppers: Math.ceil(orders / 5),
        pricing: pricingOf(await getShopSettings(handle.db)),
      });
      console.log(
        added > 0
          ? `Added ${added} past orders.`
          : "The past orders were there already: none added.",
      );
      const reviews = await seedDemoReviews(handle.db);
      if (reviews > 0) console.log(`Added ${reviews} reviews by the demo shoppers.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
