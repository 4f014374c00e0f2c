import { configFrom, rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { LegalPage } from "~/components/content/legal-page";
import { ShopLink } from "~/components/ui/shop-link";
import { offerTexts } from "~/lib/offers";
import type { Route } from "./+types/shipping-returns";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Shipping & Returns",
    description: `Free standard UK shipping on orders over ${offerTexts(site.pricing).freeShippingOver}, dispatch in 1-2 business days, and a 30-day money-back guarantee with refunds in 5-10 business days.`,
    path: "/shipping-returns",
  }));
}

export default function ShippingReturns({ matches }: Route.ComponentProps) {
  const root = rootDataFrom(matches);
  const config = configFrom(matches);
  const offers = offerTexts(config.pricing);
  const email = config.supportEmail;
  return (
    <LegalPage title="Shipping & Returns" today={root?.today ?? ""}>
      <h2>Processing</h2>
      <p>
        We pack and dispatch orders within 1-2 business days of payment (Monday to Friday, excluding
        UK bank holidays). You'll receive an email with tracking details once your order is on its
        way.
      </p>

      <h2>Delivery options and times</h2>
      <ul>
        <li>
          <strong>Standard</strong>: 5-7 business days. Free on orders over{" "}
          {offers.freeShippingOver} (after any discount); {offers.flatShipping} otherwise.
        </li>
        <li>
          <strong>Expedited</strong>: 2-3 business days.
        </li>
        <li>
          <strong>Overnight</strong>: the next business day for orders dispatched before 2pm.
        </li>
      </ul>
      <p>
        Delivery times start once your order has been dispatched. We deliver to the UK mainland,
        Northern Ireland and the Isle of Man, with UK VAT included in every price. We cannot deliver
        to Guernsey or Jersey, which are outside UK VAT, or to BFPO addresses.
      </p>

      <h2>Our 30-day money-back guarantee</h2>
      <p>
        If you're not happy with your purchase for any reason, tell us within 30 days of delivery
        and we'll refund you in full, including your original delivery charge. Please return any
        unused products in their original packaging; opened products are covered too.
      </p>
      <p>
        You also have the legal right to cancel your order within 14 days of delivery under the
        Consumer Contracts Regulations 2013. Our guarantee adds to those rights and doesn't replace
        them.
      </p>

      <h2>How to return an item</h2>
      <ul>
        <li>
          Log in and open the order under Orders in your account. Under Returns, choose the items
          and a reason, and send the request. Or email us at <a href={`mailto:${email}`}>{email}</a>{" "}
          with your order number.
        </li>
        <li>
          We'll reply within 24 hours with your return reference, the returns address and
          instructions. Your order page shows where your return is at.
        </li>
        <li>Post the items back with a tracked service and keep your proof of postage.</li>
      </ul>

      <h2>Refunds</h2>
      <p>
        We issue refunds to your original payment method within 5-10 business days of receiving your
        return. Your bank may take a few more days to show the money in your account.
      </p>

      <h2>Damaged or missing items</h2>
      <p>
        If something arrives damaged or doesn't arrive at all, contact us and we'll send a
        replacement or refund you straight away, at no cost to you.
      </p>

      <h2>Questions</h2>
      <p>
        Our team is available {config.supportHours}. See our <ShopLink to="/faq">FAQ</ShopLink> or{" "}
        <ShopLink to="/contact">contact us</ShopLink>.
      </p>
    </LegalPage>
  );
}
