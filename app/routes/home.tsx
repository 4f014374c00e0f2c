import { fillText } from "@common/content/placeholders";
import { configFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { listFeaturedProducts } from "@server/catalog/catalog-service";
import { pageOrStartingText } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { logger } from "@server/logger";
import { Benefits } from "~/components/home/benefits";
import { FeaturedProducts } from "~/components/home/featured-products";
import { Hero } from "~/components/home/hero";
import { HomeFaq } from "~/components/home/home-faq";
import { HowItWorks } from "~/components/home/how-it-works";
import { PromoBanner } from "~/components/home/promo-banner";
import { Testimonials } from "~/components/home/testimonials";
import { TrustBar } from "~/components/home/trust-bar";
import { WhyChooseUs } from "~/components/home/why-choose-us";
import { offerTexts } from "~/lib/offers";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/home";

export const FEATURED_COUNT = 3;

async function featuredOrNone() {
  try {
    return await listFeaturedProducts(await getDb(), FEATURED_COUNT);
  } catch (error) {
    // docs/product.md#messages: a failed featured query is only logged; the block is left out.
    logger.error({ err: error }, "featured products failed to load");
    return null;
  }
}

export async function loader() {
  const [featured, hero] = await Promise.all([featuredOrNone(), pageOrStartingText("home")]);
  return { featured, hero };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: `${site.shopName} | Teeth Whitening Strips, Toothpaste and Pens`,
    exactTitle: true,
    description: `Enamel-safe, dentist-recommended teeth whitening strips, toothpaste and pens. Visible results in 3-5 days. Free UK shipping over ${offerTexts(site.pricing).freeShippingOver} and a 30-day money-back guarantee.`,
    path: "/",
  }));
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const config = configFrom(matches);
  const values = pagePlaceholders(config);
  // Sections below the fold skip rendering work until they near the viewport
  // (render-when-visible, app.css).
  return (
    <>
      <Hero
        title={fillText(loaderData.hero.heroTitle, values)}
        text={fillText(loaderData.hero.heroText, values)}
      />
      <TrustBar config={config} />
      {loaderData.featured ? <FeaturedProducts products={loaderData.featured} /> : null}
      <div className="render-when-visible">
        <Benefits pricing={config.pricing} />
        <WhyChooseUs />
      </div>
      <div className="render-when-visible">
        <HowItWorks />
        <Testimonials demoMode={config.demoMode} />
      </div>
      <div className="render-when-visible pt-20">
        <PromoBanner />
        <HomeFaq pricing={config.pricing} />
      </div>
    </>
  );
}
