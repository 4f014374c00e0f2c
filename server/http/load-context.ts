// What the HTTP layer hands to React Router for each request.
declare module "react-router" {
  interface AppLoadContext {
    /** The nonce the Content-Security-Policy of this response allows for inline scripts. */
    cspNonce: string;
    /** The connecting client's address (X-Forwarded-For's first only with TRUST_PROXY). */
    clientAddress: string | null;
  }
}

export {};
