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

/**
 * Ends the connection at once: for a streamed answer that failed after its headers went out, so
 * the client sees a broken download, never a file that looks whole. A no-op where there is none.
 */
export const abortConnectionContext = createContext<() => void>(() => {});

export function shopLoadContext(values: {
  cspNonce: string;
  clientAddress: string | null;
  abortConnection?: () => void;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, values.cspNonce);
  context.set(clientAddressContext, values.clientAddress);
  if (values.abortConnection) context.set(abortConnectionContext, values.abortConnection);
  return context;
}
