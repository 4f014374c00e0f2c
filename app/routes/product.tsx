import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import { offerShowsOn, offerTerms } from "@common/discounts/offers";
import { configFrom, rootDataFrom } from "@common/public-config";
import { listingFor, pageMeta, productJsonLd } from "@common/seo";
import { getProduct } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { offersOnSale } from "@server/discounts/offers";
import { DomainError, httpStatusFor } from "@server/errors";
import { productReviews } from "@server/reviews/reviews";
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { z } from "zod";
import { ProductDetail } from "~/components/catalog/product-detail";
import { ArrowLeft } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/product";

const paramsSchema = z.object({ id: z.string().regex(CATALOGUE_ID) });

const NOT_FOUND = "Product not found.";

// The reviews sit below the fold: the server renders them with the page, and the browser loads
// their code after the first load (the HTML stays as sent until it arrives: nothing moves).
const ProductReviews = lazy(() =>
  import("~/components/reviews/product-reviews").then((module) => ({
    default: module.ProductReviews,
  })),
);

/** The reviews' star filter and page, from the URL (anything else: every review, page 1). */
const reviewsQuery = z.object({
  stars: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  reviews: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export async function loader({ params, url }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) {
    return data({ product: null, reviews: null, error: NOT_FOUND }, { status: 404 });
  }
  const query = reviewsQuery.parse(Object.fromEntries(url.searchParams));
  try {
    const db = await getDb();
    const [product, reviews, offers] = await Promise.all([
      getProduct(db, parsed.data.id),
      productReviews(db, parsed.data.id, { stars: query.stars, page: query.reviews }),
      offersOnSale(db),
    ]);
    return {
      product,
      reviews,
      offers: offers
        .filter((offer) => offerShowsOn(offer, parsed.data.id))
        .map((offer) => ({ id: offer.id, title: offer.title, terms: offerTerms(offer) })),
      error: null,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") {
      return data(
        { product: null, reviews: null, error: error.message },
        { status: httpStatusFor(error.code) },
      );
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
      ...listingFor(product, { title: product.name, description: product.summary }),
      path: `/product/${product.id}`,
      image: { url: product.imageUrl, alt: product.imageAlt },
      type: "product",
    }),
    {
      "script:ld+json": productJsonLd(root.config, {
        id: product.id,
        name: product.name,
        description: product.summary,
        imageUrls: [product.imageUrl, ...product.images.map((image) => image.url)],
        variants: product.variants,
        rating: product.rating,
        reviews: loaderData.reviews?.reviews ?? [],
      }),
    },
  ];
}

function BackToStore() {
  return (
    <ShopLink
      to="/store"
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-strong hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Store
    </ShopLink>
  );
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, reviews, error } = loaderData;
  const offers = "offers" in loaderData ? loaderData.offers : [];
  const { pricing } = configFrom(matches);
  return (
    <div className="shop-container py-8 lg:py-12">
      <BackToStore />
      {product ? (
        <>
          <div className="mt-6">
            <ProductDetail key={product.id} product={product} pricing={pricing} offers={offers} />
          </div>
          {reviews ? (
            <div className="mt-16 border-t border-line pt-12">
              <Suspense fallback={null}>
                <ProductReviews
                  productId={product.id}
                  productName={product.name}
                  reviews={reviews}
                />
              </Suspense>
            </div>
          ) : null}
        </>
      ) : (
        <div className="mx-auto max-w-md py-20 text-center">
          <h1 className="text-2xl font-bold">{error}</h1>
          <p className="mt-3 text-ink-muted">It may have been removed, or the link may be wrong.</p>
        </div>
      )}
    </div>
  );
}
