import type { PublicConfig } from "@common/public-config";
import { Clock, Mail, Phone } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { footerColumns } from "~/lib/site-navigation";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { SocialLinks } from "./social-links";

export function SiteFooter({
  config,
  year,
  newsletter = true,
}: {
  config: PublicConfig;
  year: number;
  newsletter?: boolean;
}) {
  return (
    <footer id="site-footer" className="bg-ink text-slate-300">
      <div className="shop-container grid gap-10 py-14 lg:grid-cols-[1.3fr_2fr_1.4fr]">
        <div className="space-y-5">
          <Logo shopName={config.shopName} tone="light" />
          <p className="max-w-xs text-sm leading-relaxed">
            Enamel-safe teeth whitening, recommended by dentists and made for real life. Brighter
            smiles, delivered across the UK.
          </p>
          <SocialLinks social={config.social} shopName={config.shopName} />
        </div>

        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {footerColumns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-sm font-semibold text-white">{column.heading}</h2>
              <ul className="mt-4 space-y-1">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <ShopLink
                      to={link.to}
                      className="inline-block py-1.5 text-sm transition-tints hover:text-white"
                    >
                      {link.label}
                    </ShopLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="space-y-8">
          {newsletter ? <NewsletterForm /> : null}
          <address className="space-y-2 text-sm not-italic">
            <a
              href={`mailto:${config.supportEmail}`}
              className="flex items-center gap-2 py-1 hover:text-white"
            >
              <Mail className="size-4" aria-hidden="true" />
              {config.supportEmail}
            </a>
            <a
              href={`tel:${config.supportPhone.replace(/\s+/g, "")}`}
              className="flex items-center gap-2 py-1 hover:text-white"
            >
              <Phone className="size-4" aria-hidden="true" />
              {config.supportPhone}
            </a>
            <p className="flex items-center gap-2 py-1">
              <Clock className="size-4" aria-hidden="true" />
              {config.supportHours}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="shop-container flex flex-col gap-2 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {config.shopName}. All rights reserved.
          </p>
          {config.demoMode ? <p>Demo shop - no real payments</p> : null}
        </div>
      </div>
    </footer>
  );
}
