import type { PagePlaceholders } from "@common/content/placeholders";
import type { PublicConfig } from "@common/public-config";
import { offerTexts } from "./offers";

/** The settings' words a page's text names in braces (common/content/pages.ts). */
export function pagePlaceholders(config: PublicConfig): PagePlaceholders {
  const offers = offerTexts(config.pricing);
  return {
    shopName: config.shopName,
    supportEmail: config.supportEmail,
    supportHours: config.supportHours,
    freeShippingOver: offers.freeShippingOver,
    flatShipping: offers.flatShipping,
    firstOrderDiscount: offers.firstOrderDiscount,
  };
}
