import { openDatabase } from "@server/db/client";
import { configuredDatabase } from "@server/db/connection";
import { seedDemoHistory } from "@server/db/seed/demo-history";
import { seedDemoReviews } from "@server/db/seed/demo-reviews";
import { seedCatalog } from "@server/db/seed/seed-catalog";
import { env } from "@server/env";
import { getShopSettings, pricingOf } from "@server/settings/shop-settings";

// `npm run seed`: migrates and loads the demo catalogue. Idempotent: existing rows are kept.
// `npm run seed -- --orders 10000` also loads that many past orders (a year of them, from a
// shopper per five orders; deterministic, loaded once) for benchmarks: demo mode only, never
// into a live shop. On PGlite, stop the server first (one process per data folder).

function ordersArgument(): number {
  const index = process.argv.indexOf("--orders");
  if (index === -1) return 0;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
    throw new Error("--orders takes a whole number from 1 to 1,000,000");
  }
  return value;
}

async function main() {
  const orders = ordersArgument();
  if (orders > 0 && env.SHOP_MODE !== "demo") {
    throw new Error("Demo orders go only into a demo shop (SHOP_MODE=demo).");
  }
  const handle = await openDatabase(configuredDatabase());
  try {
    await handle.migrate();
    await seedCatalog(handle.db);
    const where = handle.driver === "postgres" ? "PostgreSQL" : env.DATA_DIR;
    console.log(`Seeded the demo catalogue into ${where}.`);
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
