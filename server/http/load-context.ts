import { createContext, RouterContextProvider } from "react-router";

// What the HTTP layer hands to React Router for each request (loaders, actions, middleware and
// the document's render read it with `context.get(...)`).

/**
 * The nonce the Content-Security-Policy of this response allows for inline scripts; empty for a
 * page rendered for the page cache, whose inline scripts are allowed by their hashes.
 */
export const cspNonceContext = createContext<string>("");

/** The connecting client's address (from X-Forwarded-For only behind the TRUST_PROXY hops). */
export const clientAddressContext = createContext<string | null>(null);

export function shopLoadContext(values: {
  cspNonce: string;
  clientAddress: string | null;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, values.cspNonce);
  context.set(clientAddressContext, values.clientAddress);
  return context;
}
