import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway self-signed certificate for `localhost` (openssl, from Debian's packages). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "gleam-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type TlsProxyOptions = {
  port: number;
  /** The plain-HTTP server behind the proxy. */
  upstreamPort: number;
  /** Send the upstream's own address as Host (as many proxies do) instead of the browser's. */
  rewriteHost: boolean;
};

/**
 * A TLS-terminating reverse proxy, as in a normal deployment: HTTPS to the browser, plain HTTP to
 * the shop, with X-Forwarded-For and X-Forwarded-Proto added.
 */
export async function startTlsProxy(options: TlsProxyOptions): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer(selfSignedCertificate(), (incoming, outgoing) => {
    const headers = { ...incoming.headers };
    const forwardedFor = incoming.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = [forwardedFor, incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    headers["x-forwarded-proto"] = "https";
    if (options.rewriteHost) headers.host = `127.0.0.1:${options.upstreamPort}`;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: options.upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
