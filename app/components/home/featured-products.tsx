import type { ProductTeaser } from "@common/catalog/catalog-types";
import { ProductCard } from "~/components/catalog/product-card";
import { RatingSummary } from "~/components/reviews/rating-summary";
import { buttonVariants } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";
import { Price } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { SectionHeading } from "./section-heading";

/** The newest product shown large with 'View Product', the next two as cards (docs/product.md#screens). */
export function FeaturedProducts({ products }: { products: ProductTeaser[] }) {
  const [lead, ...rest] = products;
  if (!lead) return null;
  return (
    <section aria-labelledby="featured-heading" className="shop-container py-20">
      <SectionHeading
        id="featured-heading"
        eyebrow="Bestsellers"
        title="Featured Products"
        description="Our most-loved ways to a brighter smile."
      />
      <div className="mt-12 grid gap-6 lg:grid-cols-2">
        <article className="grid overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <ProductImage
            src={lead.imageUrl}
            alt={lead.imageAlt}
            className="h-full"
            sizes="(min-width: 768px) 50vw, 100vw"
          />
          <div className="flex flex-col justify-center gap-4 p-6 sm:p-8">
            <p className="text-sm font-semibold tracking-wide text-brand uppercase">Featured</p>
            <h3 className="text-2xl font-bold tracking-tight sm:text-3xl">{lead.name}</h3>
            <RatingSummary rating={lead.rating} className="-mt-2" />
            {lead.defaultVariant ? (
              <Price
                pricePence={lead.defaultVariant.pricePence}
                compareAtPricePence={lead.defaultVariant.compareAtPricePence}
                className="text-xl"
              />
            ) : null}
            <p className="text-ink-muted">{lead.excerpt}</p>
            <ShopLink
              to={`/product/${lead.id}`}
              aria-label={`View Product: ${lead.name}`}
              className={cn(buttonVariants({ size: "lg" }), "self-start")}
            >
              View Product
              <ArrowRight aria-hidden="true" />
            </ShopLink>
          </div>
        </article>
        <div className="grid gap-6 sm:grid-cols-2">
          {rest.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      </div>
    </section>
  );
}
