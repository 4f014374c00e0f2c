import type { PolicyContent } from "@common/content/pages";
import { fillHtml, fillText, type PagePlaceholders } from "@common/content/placeholders";
import { LegalPage } from "./legal-page";
import { ShopHtml } from "./shop-html";

// Shipping & Returns, the terms and the privacy policy as the owner wrote them
// (docs/admin.md#pages), on the storefront and in the admin's preview.

export function PolicyView({
  content,
  values,
  updated,
}: {
  content: PolicyContent;
  values: PagePlaceholders;
  /** "Last updated": the day its text was saved, or today for the starting text. */
  updated: string;
}) {
  return (
    <LegalPage title={fillText(content.title, values)} today={updated}>
      <ShopHtml className="space-y-4" html={fillHtml(content.bodyHtml, values)} />
    </LegalPage>
  );
}
