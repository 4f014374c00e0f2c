import type { Brand, CompanyDetails } from "../settings/shop-settings";

// The shop's emails, HTML and plain text, in the brand's look (docs/brand.md): white card on
// paper, teal button, Inter or the system sans. Inline styles: mail clients ignore stylesheets.

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Where a company is registered, read from its number's prefix (Companies House's own scheme). */
function registeredIn(companyNumber: string): string {
  if (/^SC/i.test(companyNumber)) return "Scotland";
  if (/^NI/i.test(companyNumber)) return "Northern Ireland";
  return "England and Wales";
}

/**
 * The trading disclosures every email carries (Companies Act 2006; the Company, Limited Liability
 * Partnership and Business (Names and Trading Disclosures) Regulations 2015): the legal name,
 * where and under which number the company is registered, its registered office, and its VAT
 * number. A part the settings leave empty is left out.
 */
export function companyDisclosure(company: CompanyDetails): string {
  const registration = company.companyNumber
    ? `, registered in ${registeredIn(company.companyNumber)}, company number ${company.companyNumber}`
    : "";
  return [
    `${company.legalName}${registration}.`,
    company.registeredOffice ? `Registered office: ${company.registeredOffice}.` : "",
    company.vatNumber ? `VAT number ${company.vatNumber}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The end of every email's plain text: where to write, and the company's disclosures. */
export function textFooter(brand: Brand): string {
  return `
--
Questions? Reply to this email or write to ${brand.supportEmail}.
${companyDisclosure(brand.company)}
`;
}

export function layout(brand: Brand, heading: string, bodyHtml: string): string {
  const shop = escapeHtml(brand.shopName);
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#fafaf9;font-family:Inter,-apple-system,'Segoe UI',Arial,sans-serif;color:#0f172a;line-height:1.6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:700;color:#115e59">${shop}</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(heading)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">Questions? Reply to this email or write to <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#115e59">${escapeHtml(brand.supportEmail)}</a>.<br><span style="font-size:12px">${escapeHtml(companyDisclosure(brand.company))}</span></td></tr>
</table></td></tr></table></body></html>`;
}

export function button(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 28px;border-radius:999px">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#475569">Or copy this link into your browser:<br><a href="${escapeHtml(url)}" style="color:#115e59;word-break:break-all">${escapeHtml(url)}</a></p>`;
}

export function paragraph(text: string): string {
  return `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
}
