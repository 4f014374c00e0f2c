import { useNonce } from "~/lib/nonce";

// Scripts of ours that must run while the page is parsed, before React (painting stored state so
// nothing changes after the first paint). Written as ordinary functions, so they are type-checked
// and testable, and inlined into the page as source text, called with JSON arguments: they must be
// self-contained (no imports, no closure over module values).

/** The source text that calls `run` with `args`. */
export function inlineSource<Args extends unknown[]>(
  run: (...args: Args) => void,
  ...args: Args
): string {
  return `(${run.toString()})(${args.map((argument) => JSON.stringify(argument)).join(",")})`;
}

/**
 * Renders `source` as an inline script: with the response's nonce when it has one, else allowed by
 * its hash (a page from the page cache, decision record 017). The browser's copy after hydration is
 * the server's (React never runs it again).
 */
export function InlineScript({ source }: { source: string }) {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed source (inlineSource), never input.
      dangerouslySetInnerHTML={{ __html: source }}
      suppressHydrationWarning
    />
  );
}
