// What the HTTP layer hands to React Router for each request.
declare module "react-router" {
  interface AppLoadContext {
    /** The nonce the Content-Security-Policy of this response allows for inline scripts. */
    cspNonce: string;
    /** The connecting client's address (from X-Forwarded-For only behind the TRUST_PROXY hops). */
    clientAddress: string | null;
  }
}

export {};
