import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { logIn } from "./bench-checkout";
import { freshPostgresDatabase } from "./bench-database";
import { measureRoutes, type RouteFigures } from "./bench-routes";
import { freePort, startBuiltServer } from "./built-server";
import { firstLoadScripts, firstLoadSplit, scriptSizes } from "./first-load-js";
import { renderCpuMs } from "./render-cpu";

const CLIENT_DIR = fileURLToPath(new URL("../build/client", import.meta.url));

// The product page's speed figures (docs/performance.md), on one worker process: the product page from the page cache
// for an anonymous shopper and for a signed-in one; a bare node:http server sending the very same
// bytes (the ceiling a cache hit can reach on this machine); and the server CPU one uncached render
// of the product page costs. On PostgreSQL when BENCH_POSTGRES_URL is set (a fresh database
// gleam_bench_speed, dropped afterwards), else on PGlite in memory, whose queries then count in the
// render's CPU. The product page's first-load JavaScript is reported with them.

const PAGE = "/product/prod1";
const DATABASE = "gleam_bench_speed";

/**
 * A plain node:http server, in a process of its own, answering every request with `body` and
 * `headers`: what serving stored bytes costs with nothing else done.
 */
async function bareServer(body: Buffer, headers: Record<string, string>) {
  const port = await freePort();
  const code = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY, "base64");
    const headers = JSON.parse(process.env.HEADERS);
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => process.stdout.write("ready\\n"));
  `;
  const child = spawn(process.execPath, ["-e", code], {
    env: { BODY: body.toString("base64"), HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (exitCode) => reject(new Error(`bare server exited with ${exitCode}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill("SIGTERM");
    },
  };
}

export type SpeedFigures = {
  database: string;
  anonymousCached: RouteFigures;
  signedInCached: RouteFigures;
  bareServer: RouteFigures;
  /** The anonymous cache hit's requests per second over the bare server's. */
  cacheHitToBare: number;
  signedInPageCache: string | null;
  uncachedRenderCpuMs: number;
  /** The same render asked for as browsers ask (Accept-Encoding with Brotli), so compressed. */
  uncachedRenderAsBrowsersAskCpuMs: number;
  /** The product page's first-load JavaScript, gzipped (scripts/first-load-js.ts). */
  firstLoadKb: number;
  /** The same scripts as a browser that accepts Brotli is sent them (the build's .br forms). */
  firstLoadBrotliKb: number;
  /** Of firstLoadKb: the framework's chunk (React, React DOM, React Router), and the rest. */
  firstLoadFrameworkKb: number;
  firstLoadShopKb: number;
};

export async function benchSpeed(
  connections: number,
  seconds: number,
  postgresUrl?: string,
): Promise<SpeedFigures> {
  const database = postgresUrl ? await freshPostgresDatabase(postgresUrl, DATABASE) : null;
  const env: Record<string, string> = {
    SHOP_MODE: "demo",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "info",
    AUTH_ATTEMPTS_PER_MINUTE: "10000",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  try {
    const cached = await startBuiltServer(env, { captureOutput: false });
    let figures: Omit<SpeedFigures, "uncachedRenderCpuMs" | "uncachedRenderAsBrowsersAskCpuMs">;
    try {
      const cookie = await logIn(
        cached.url,
        `http://localhost:${cached.port}`,
        "customer@example.com",
        "customer-password-1",
      );
      const page = await fetch(`${cached.url}${PAGE}`);
      const body = Buffer.from(await page.arrayBuffer());
      const scripts = scriptSizes(CLIENT_DIR, firstLoadScripts(body.toString("utf8")));
      const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
      const firstLoadBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const firstLoadBrotliBytes = scripts.reduce((sum, script) => sum + script.brotliBytes, 0);
      const bare = await bareServer(body, {
        "Content-Type": page.headers.get("Content-Type") ?? "text/html",
      });
      const signedIn = await fetch(`${cached.url}${PAGE}`, { headers: { Cookie: cookie } });
      await signedIn.arrayBuffer();
      try {
        const anonymousCached = (await measureRoutes(cached.url, [PAGE], connections, seconds))[
          PAGE
        ];
        const bareServerFigures = (await measureRoutes(bare.url, ["/"], connections, seconds))["/"];
        const signedInCached = (
          await measureRoutes(cached.url, [PAGE], connections, seconds, { Cookie: cookie })
        )[PAGE];
        if (!anonymousCached || !bareServerFigures || !signedInCached) {
          throw new Error("a route was not measured");
        }
        figures = {
          database: database ? "PostgreSQL" : "PGlite (in memory)",
          anonymousCached,
          signedInCached,
          bareServer: bareServerFigures,
          cacheHitToBare:
            Math.round(
              (anonymousCached.requestsPerSecond / bareServerFigures.requestsPerSecond) * 100,
            ) / 100,
          signedInPageCache: signedIn.headers.get("X-Page-Cache"),
          firstLoadKb: kilobytes(firstLoadBytes),
          firstLoadBrotliKb: kilobytes(firstLoadBrotliBytes),
          firstLoadFrameworkKb: kilobytes(firstLoadSplit(scripts).frameworkGzipBytes),
          firstLoadShopKb: kilobytes(firstLoadSplit(scripts).shopGzipBytes),
        };
      } finally {
        bare.stop();
      }
    } finally {
      await cached.stop();
    }
    // A fresh server for the renders, so the figure holds no cache hit and no log-in.
    const uncached = await startBuiltServer(
      { ...env, PAGE_CACHE_TTL_SECONDS: "0" },
      { captureOutput: false },
    );
    try {
      const pid = uncached.child.pid;
      if (pid === undefined) throw new Error("the server has no pid");
      const uncachedRenderCpuMs = await renderCpuMs(pid, `${uncached.url}${PAGE}`);
      const uncachedRenderAsBrowsersAskCpuMs = await renderCpuMs(pid, `${uncached.url}${PAGE}`, {
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
      });
      return { ...figures, uncachedRenderCpuMs, uncachedRenderAsBrowsersAskCpuMs };
    } finally {
      await uncached.stop();
    }
  } finally {
    await database?.drop();
  }
}

// Run on its own: `npx tsx scripts/bench-speed.ts` (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  benchSpeed(
    Number(process.env.BENCH_CONNECTIONS ?? 10),
    Number(process.env.BENCH_SECONDS ?? 10),
    process.env.BENCH_POSTGRES_URL,
  )
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
