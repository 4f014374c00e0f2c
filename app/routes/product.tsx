import { getProduct } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { ProductDetail } from "~/components/catalog/product-detail";
import { configFrom, rootDataFrom } from "~/lib/public-config";
import { pageMeta, productJsonLd } from "~/lib/seo";
import type { Route } from "./+types/product";

const paramsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const NOT_FOUND = "Product not found.";

export async function loader({ params }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) return data({ product: null, error: NOT_FOUND }, { status: 404 });
  try {
    return { product: await getProduct(await getDb(), parsed.data.id), error: null };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") {
      return data({ product: null, error: error.message }, { status: httpStatusFor(error.code) });
    }
    throw error;
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!root) return [];
  const product = loaderData?.product;
  if (!product) {
    return pageMeta({
      site: root.config,
      title: "Product not found",
      description: NOT_FOUND,
      path: "/store",
      noindex: true,
    });
  }
  return [
    ...pageMeta({
      site: root.config,
      title: product.name,
      description: product.descriptionText,
      path: `/product/${product.id}`,
      image: { url: product.imageUrl, alt: product.imageAlt },
      type: "product",
    }),
    {
      "script:ld+json": productJsonLd(root.config, {
        id: product.id,
        name: product.name,
        description: product.descriptionText,
        imageUrl: product.imageUrl,
        variants: product.variants,
      }),
    },
  ];
}

function BackToStore() {
  return (
    <Link
      to="/store"
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-strong hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Store
    </Link>
  );
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, error } = loaderData;
  const { pricing } = configFrom(matches);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <BackToStore />
      {product ? (
        <div className="mt-6">
          <ProductDetail key={product.id} product={product} pricing={pricing} />
        </div>
      ) : (
        <div className="mx-auto max-w-md py-20 text-center">
          <h1 className="text-2xl font-bold">{error}</h1>
          <p className="mt-3 text-ink-muted">It may have been removed, or the link may be wrong.</p>
        </div>
      )}
    </div>
  );
}
