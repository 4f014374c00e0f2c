import { rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { LegalPage } from "~/components/content/legal-page";
import type { Route } from "./+types/privacy-policy";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Privacy Policy",
    description: `How ${site.shopName} collects, uses and protects your personal data under UK GDPR, and the rights you have over it.`,
    path: "/privacy-policy",
  }));
}

export default function PrivacyPolicy({ matches }: Route.ComponentProps) {
  const root = rootDataFrom(matches);
  const shop = root?.config.shopName ?? "";
  const email = root?.config.supportEmail ?? "";
  return (
    <LegalPage title="Privacy Policy" today={root?.today ?? ""}>
      <p>
        {shop} respects your privacy. This policy explains what personal data we collect when you
        use this website, why, and the rights you have under UK data protection law (UK GDPR and the
        Data Protection Act 2018). {shop} is the controller of your personal data.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your name, email address and password (stored only as a
          secure hash).
        </li>
        <li>
          <strong>Order details</strong>: what you bought, your delivery address, phone number and
          any notes you add.
        </li>
        <li>
          <strong>Payment details</strong>: handled by our payment provider. We never see or store
          your full card number.
        </li>
        <li>
          <strong>Messages</strong>: what you send us by email, phone or WhatsApp.
        </li>
        <li>
          <strong>Technical data</strong>: a session cookie that keeps you signed in, and server
          logs (such as IP address and pages requested) kept for security.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To take, deliver and support your orders (to perform our contract with you).</li>
        <li>To keep your account and our shop secure (our legitimate interests).</li>
        <li>To keep records the law requires, such as tax records (legal obligation).</li>
        <li>To send our newsletter, only if you've asked for it (your consent).</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We share only what's needed with the companies that help us run the shop: our payment
        provider, our delivery partners, our email service and our hosting provider. We never sell
        your data.
      </p>

      <h2>Cookies</h2>
      <p>
        We use only the cookies the shop needs to work, such as the one that keeps you signed in. We
        don't use advertising or tracking cookies. Your cart is kept in your own browser's storage.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep order records for six years to meet UK tax rules. If you delete your account, or ask
        us to erase your data, we remove your personal details from your account and orders. The VAT
        invoices and credit notes we issued you keep the name and delivery address they were issued
        to for six years, because VAT law requires us to keep them as issued (our legal obligation).
        An order we have been paid for but not yet sent keeps your account until it is on its way.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct or delete your data, object to or restrict how we use it, or
        take a copy with you. Email <a href={`mailto:${email}`}>{email}</a> and we'll reply within
        one month. If you're unhappy with how we've handled your data, you can complain to the
        Information Commissioner's Office (ico.org.uk).
      </p>
    </LegalPage>
  );
}
