// A product's slug (or a blog post's address) as the editor suggests it from the name, in the
// form the server accepts (server/catalog/product-input.ts, server/content/blog-form.ts): lower-case letters, digits and single dashes, 80 at most.

export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}
