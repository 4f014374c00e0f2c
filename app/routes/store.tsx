import { listProducts } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { publicMessage } from "@server/errors";
import { logger } from "@server/logger";
import { data } from "react-router";
import { ProductGrid } from "~/components/catalog/product-grid";
import { offerTexts } from "~/lib/offers";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/store";

export async function loader() {
  try {
    return { products: await listProducts(await getDb()), error: null };
  } catch (error) {
    logger.error({ err: error }, "store products failed to load");
    return data(
      { products: [], error: publicMessage(error, "Failed to load products") },
      { status: 503 },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Shop Teeth Whitening Products",
    description: `Shop our whole collection: enamel-safe whitening strips, whitening toothpaste, the whitening pen and money-saving bundles. Free UK shipping over ${offerTexts(site.pricing).freeShippingOver}.`,
    path: "/store",
  }));
}

export default function Store({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Our Collection</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-muted">
          Enamel-safe whitening for every routine, recommended by dentists.
        </p>
      </header>
      <ProductGrid products={loaderData.products} error={loaderData.error} />
    </div>
  );
}
