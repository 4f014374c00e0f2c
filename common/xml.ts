/**
 * What XML 1.0 forbids anywhere in a document (its `Char` production): the C0 controls but tab,
 * line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. One such character in a
 * product's name makes a whole feed unreadable, so it is dropped.
 */
const NOT_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text made safe inside an XML element or attribute (the sitemap, the merchant feed, the blog's
 * RSS): the markup characters escaped, and what XML 1.0 forbids dropped.
 */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHARACTERS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
