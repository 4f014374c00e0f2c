import { rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { ContactForm } from "~/components/content/contact-form";
import { PageHeader } from "~/components/content/page-header";
import { Clock, Mail, MessageCircle, Phone } from "~/components/ui/icons";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Contact Us",
    description: `Questions about an order or our products? Email, call or message the ${site.shopName} team, ${site.supportHours}. We reply within 24 hours.`,
    path: "/contact",
  }));
}

export default function Contact({ matches }: Route.ComponentProps) {
  const config = rootDataFrom(matches)?.config;
  return (
    <>
      <PageHeader eyebrow="Contact" title="Get in touch">
        <p>Questions about an order or our products? We're happy to help.</p>
      </PageHeader>
      <div className="shop-container grid gap-10 py-12 [--shop-width:var(--container-6xl)] lg:grid-cols-[1fr_22rem] lg:py-16">
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
          <ContactForm />
        </div>
        {config ? (
          <aside
            aria-labelledby="contact-details-heading"
            className="space-y-6 rounded-[var(--radius-card)] bg-brand-soft p-6 sm:p-8"
          >
            <h2 id="contact-details-heading" className="text-xl font-semibold">
              Contact details
            </h2>
            <ul className="space-y-5">
              <li className="flex gap-3">
                <Mail className="mt-1 size-5 shrink-0 text-brand-strong" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Email</p>
                  <a
                    href={`mailto:${config.supportEmail}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    {config.supportEmail}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-1 size-5 shrink-0 text-brand-strong" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Phone</p>
                  <a
                    href={`tel:${config.supportPhone.replace(/\s+/g, "")}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    {config.supportPhone}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-1 size-5 shrink-0 text-brand-strong" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Opening hours</p>
                  <p className="text-ink-muted">{config.supportHours}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <MessageCircle
                  className="mt-1 size-5 shrink-0 text-brand-strong"
                  aria-hidden="true"
                />
                <div>
                  <p className="font-semibold">Replies</p>
                  <p className="text-ink-muted">We answer every message within 24 hours.</p>
                </div>
              </li>
            </ul>
          </aside>
        ) : null}
      </div>
    </>
  );
}
