import { createContext, useContext } from "react";

// The CSP nonce of the current response, provided by entry.server; none in the browser, where the
// scripts have already been allowed, nor in a page rendered for the page cache (whose scripts are
// allowed by their hashes).
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
