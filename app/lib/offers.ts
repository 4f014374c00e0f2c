import type { PricingSettings } from "@common/checkout/pricing";
import { formatPenceInText } from "@common/money";

/**
 * The shop's offers as its pages write them, from its settings: the copy never promises what the
 * checkout does not give.
 */
export function offerTexts(pricing: PricingSettings) {
  return {
    /** "£50" */
    freeShippingOver: formatPenceInText(pricing.freeShippingOverPence),
    /** "£3.99" */
    flatShipping: formatPenceInText(pricing.shippingFlatRatePence),
    /** "10%" */
    firstOrderDiscount: `${pricing.firstOrderDiscountPercent}%`,
  };
}
