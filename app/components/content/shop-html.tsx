// The shop's pages and posts as staff wrote them (docs/admin.md#pages): HTML the server sanitised
// on save and on read (server/content/content-html.ts), shown as is.

/** HTML from the server's content sanitiser (server/content/content-html.ts), shown as is. */
export function ShopHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised allowlist HTML from the server.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
