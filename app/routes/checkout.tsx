import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { getProfile } from "@server/auth/profile";
import { resumeCartLines } from "@server/cart/cart-service";
import { savedAddresses } from "@server/customers/address-book";
import { getDb } from "@server/db/connection";
import { deliveryOptions } from "@server/delivery/delivery-methods";
import { offersForCustomer } from "@server/discounts/offers";
import { hasPaidOrder } from "@server/orders/orders-service";
import { stripePublishableKey } from "@server/payments/payments";
import { getShopSettings, pricingOf } from "@server/settings/shop-settings";
import { ResumeCart } from "~/components/cart/resume-cart";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { focusedChrome } from "~/components/layout/page-chrome";
import type { Route } from "./+types/checkout";

// /checkout (docs/product.md#screens): signed-in customers only (a guest goes to /login and comes back).

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const db = await getDb();
  const resume = url.searchParams.get("resume");
  const [profile, paidBefore, settings, addresses, resumeLines] = await Promise.all([
    getProfile(db, user.id),
    hasPaidOrder(db, user.id),
    getShopSettings(),
    savedAddresses(db, user.id),
    resume ? resumeCartLines(db, user.id, resume) : null,
  ]);
  return {
    profile: profile ?? { fullName: user.fullName, email: user.email, phone: "" },
    addresses,
    // Priced and dated now: the page is personal, never cached.
    deliveryOptions: await deliveryOptions(db, pricingOf(settings)),
    firstOrder: !paidBefore,
    // Read afresh with the customer's own uses: the total shown is the total charged.
    offers: await offersForCustomer(db, user.id),
    pricingSettings: pricingOf(settings),
    stripePublishableKey: stripePublishableKey(),
    // The reminder's link: the unpaid order's items to check out again.
    resumeLines,
  };
}

// Paying: the newsletter and the chat bubble step aside (docs/storefront.md, Checkout).
export const handle = focusedChrome;

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Checkout",
    description: "Pay for your order securely.",
    path: "/checkout",
    noindex: true,
  }));
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
      <ResumeCart lines={loaderData.resumeLines} />
      <CheckoutForm
        profile={loaderData.profile}
        addresses={loaderData.addresses}
        deliveryOptions={loaderData.deliveryOptions}
        firstOrder={loaderData.firstOrder}
        offers={loaderData.offers}
        pricingSettings={loaderData.pricingSettings}
        stripePublishableKey={loaderData.stripePublishableKey}
      />
    </div>
  );
}
