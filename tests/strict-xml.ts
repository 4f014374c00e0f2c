import { SaxesParser } from "saxes";

// A strict XML 1.0 parser's complaints about a document the shop writes (the merchant feed, the
// sitemap, the blog's RSS): none, or what a feed reader would refuse it for.

export function xmlProblems(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const problems: string[] = [];
  parser.on("error", (error) => problems.push(error.message));
  parser.write(xml).close();
  return problems;
}
