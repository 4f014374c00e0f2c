import { rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { LegalPage } from "~/components/content/legal-page";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/terms-of-service";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Terms of Service",
    description: `The terms that apply when you buy from ${site.shopName}: orders, prices in pounds sterling including VAT, payment, delivery, returns and your legal rights.`,
    path: "/terms-of-service",
  }));
}

export default function TermsOfService({ matches }: Route.ComponentProps) {
  const root = rootDataFrom(matches);
  const shop = root?.config.shopName ?? "";
  const email = root?.config.supportEmail ?? "";
  return (
    <LegalPage title="Terms of Service" today={root?.today ?? ""}>
      <p>
        These terms apply to every order you place with {shop} through this website. Please read
        them before you order. By placing an order you agree to them. Nothing in these terms affects
        your statutory rights as a consumer.
      </p>

      <h2>1. About us</h2>
      <p>
        This shop is run by {shop}, based in the United Kingdom. You can contact us at{" "}
        <a href={`mailto:${email}`}>{email}</a> or through our{" "}
        <ShopLink to="/contact">contact page</ShopLink>.
      </p>

      <h2>2. Your account</h2>
      <p>
        You need an account to check out. Keep your password safe and tell us straight away if you
        think someone else has used your account. You must be 18 or over to buy whitening products.
      </p>

      <h2>3. Orders</h2>
      <p>
        Your order is an offer to buy. We accept it when we email you to confirm it. If we can't
        accept your order, for example because an item is out of stock, we'll tell you and you won't
        be charged.
      </p>

      <h2>4. Prices and payment</h2>
      <p>
        Prices are in pounds sterling (£) and include VAT at the current rate. Delivery charges are
        shown before you pay. We take payment by card when you place your order, through a secure
        payment provider; we never see or store your full card number. If a price on our site is
        clearly wrong, we'll contact you before dispatch and you can cancel at no cost.
      </p>

      <h2>5. Offers</h2>
      <p>
        The {root?.config.pricing.firstOrderDiscountPercent ?? ""}% first-order discount applies
        once per customer, to the first order paid from an account, and can't be exchanged for cash.
      </p>

      <h2>6. Delivery</h2>
      <p>
        Delivery options, times and charges are set out in our{" "}
        <ShopLink to="/shipping-returns">Shipping &amp; Returns policy</ShopLink>. The products are
        your responsibility once delivered to the address you gave us.
      </p>

      <h2>7. Cancellations, returns and refunds</h2>
      <p>
        You can cancel within 14 days of delivery under the Consumer Contracts Regulations 2013, and
        our 30-day money-back guarantee gives you longer. Refunds are made within 5-10 business days
        of receiving your return. Details are in our{" "}
        <ShopLink to="/shipping-returns">Shipping &amp; Returns policy</ShopLink>.
      </p>

      <h2>8. Using our products safely</h2>
      <p>
        Read the instructions before use. Our whitening products are for adults. If you have crowns,
        veneers, very sensitive teeth or any dental condition, ask your dentist first. Results vary
        from person to person.
      </p>

      <h2>9. Our responsibility to you</h2>
      <p>
        We are responsible for loss or damage you suffer that is a foreseeable result of our
        breaking these terms or failing to use reasonable care. We do not exclude liability where it
        would be unlawful to do so, including for death or personal injury caused by our negligence,
        or under the Consumer Rights Act 2015.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the law of England and Wales. If you live in Scotland or
        Northern Ireland, you can also bring claims in your local courts.
      </p>
    </LegalPage>
  );
}
