import { createContext, useContext } from "react";

// The CSP nonce of the current response, provided by entry.server; empty in the browser, where the
// scripts have already been allowed.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
