// What a shared cache in front may do with an answer, checked from its headers alone
// (docs/decisions/049-shared-cache.md). Used by the end-to-end tests on every public and personal
// page, and by the shared-cache test behind Varnish; tests/caching-checks.test.ts shows each check
// fire on a bad answer.

type HeaderBag = Record<string, string | undefined>;

/** What is wrong with a public page's answer for a shared cache (none: nothing). */
export function publicPageProblems(headers: HeaderBag, status: number): string[] {
  const problems: string[] = [];
  const cacheControl = headers["cache-control"] ?? "";
  if (status !== 200) problems.push(`status ${status}, not 200`);
  if (headers["set-cookie"] !== undefined) problems.push("sets a cookie");
  if (/(^|,)\s*cookie\s*(,|$)/i.test(headers.vary ?? "")) problems.push("varies on Cookie");
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) problems.push("is not public");
  if (!/s-maxage=\d+/.test(cacheControl)) problems.push("has no s-maxage");
  if (!/stale-while-revalidate=\d+/.test(cacheControl)) {
    problems.push("has no stale-while-revalidate");
  }
  if (/private|no-store/i.test(cacheControl)) problems.push("is private or no-store");
  if (!headers.etag) problems.push("has no ETag");
  if (!headers["surrogate-key"]) problems.push("has no tags (Surrogate-Key)");
  return problems;
}

/** What is wrong with a personal page's answer: anything a shared cache could keep. */
export function personalPageProblems(headers: HeaderBag): string[] {
  const problems: string[] = [];
  const cacheControl = headers["cache-control"] ?? "";
  if (!/private/i.test(cacheControl)) problems.push("is not private");
  if (!/no-store/i.test(cacheControl)) problems.push("is not no-store");
  if (/public|s-maxage/i.test(cacheControl)) problems.push("is public");
  if (headers["surrogate-key"] !== undefined) problems.push("is tagged for a shared cache");
  return problems;
}
