import cluster from "node:cluster";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { keepFiguresBetweenChanges } from "../admin/figures-cache";
import { getAuth } from "../auth/session";
import { queuePurges } from "../cache/purge-jobs";
import type { DatabaseHandle } from "../db/client";
import { closeDatabase, waitForDatabase } from "../db/connection";
import { isDatabaseCommand, runDatabaseCommand } from "../db/database-commands";
import { env } from "../env";
import { onShopChanged, shareShopChanges } from "../events/shop-changed";
import { hashStoredGiftCardCodes } from "../gift-cards/gift-card-codes";
import { createHttpApp } from "../http/app";
import { PageCache } from "../http/page-cache";
import { warmDocumentPdf } from "../invoices/pdf-warm-up";
import { logger } from "../logger";
import { offerMetricsToPrimary } from "../metrics/cluster-metrics";
import { watchDatabase } from "../metrics/metrics";
import { demoAccounts, seedDemoShop } from "../seed/demo-shop";
import { getShopSettings } from "../settings/shop-settings";
import { startBackgroundJobs, stopBackgroundJobs } from "./background-jobs";
import { installOrderReactions } from "./order-reactions";
import { startBanner } from "./start-banner";
import { listenWhenAllowed, reportReady, runsBackgroundJobs, runWorkers } from "./workers";

// Entry of the production server (bundled by Vite into build/server/index.js with the app).

const SHUTDOWN_GRACE_MS = 10_000;
/** Instances starting together seed the demo shop one at a time (an arbitrary constant). */
const SEED_LOCK_KEY = 7_020_420;
/** Instances starting together hash the cards made before codes were hashed one at a time. */
const GIFT_CARD_CODES_LOCK_KEY = 7_020_421;
/** About 25 MB of HTML at most. */
const PAGE_CACHE_ENTRIES = 500;

async function main() {
  // Before anything can change an order: its emails and provider follow-ups are part of the change.
  installOrderReactions();
  const build = (await import("virtual:react-router/server-build")) as ServerBuild;
  const clientDir = join(dirname(fileURLToPath(import.meta.url)), "..", "client");

  // The server listens at once and answers 503 until the database is ready, so a database that
  // starts after the shop (or is restarting) delays the shop instead of stopping it. (A worker
  // process listens at once only when no other worker listens: server/start/workers.ts.)
  let database: DatabaseHandle | undefined;
  let draining = false;
  const pageCache =
    env.PAGE_CACHE_TTL_SECONDS > 0
      ? new PageCache({ ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000, maxEntries: PAGE_CACHE_ENTRIES })
      : undefined;
  // An admin's change to what the storefront shows: this instance's pages render afresh.
  if (pageCache) onShopChanged(() => pageCache.clear());
  const app = createHttpApp({
    build,
    clientDir,
    logger,
    https: env.BASE_URL.startsWith("https://"),
    origins: env.shopOrigins,
    stripe: env.stripeConfigured,
    isReady: () => database !== undefined,
    pingDatabase: async () => {
      if (!database) throw new Error("the database is not ready yet");
      await database.ping();
    },
    isDraining: () => draining,
    handleAuth: async (request) => (await getAuth()).handler(request),
    trustProxyHops: env.trustProxyHops,
    pageCache,
    sharedCache: {
      sMaxAgeSeconds: env.CACHE_S_MAXAGE_SECONDS,
      staleWhileRevalidateSeconds: env.CACHE_STALE_WHILE_REVALIDATE_SECONDS,
      staleIfErrorSeconds: env.CACHE_STALE_IF_ERROR_SECONDS,
    },
    metricsToken: env.METRICS_TOKEN,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
  });
  offerMetricsToPrimary();
  watchDatabase(() => database);

  // Page-cache hits are answered before the app (decision record 017); the rest by Hono.
  const handle = getRequestListener(app.fetch, { hostname: env.HOST });
  const server = createServer((request, response) => {
    if (!app.serveCacheHit(request, response)) void handle(request, response);
  });
  server.once("listening", () => {
    logger.info({ port: env.PORT, host: env.HOST, mode: env.SHOP_MODE }, "server listening");
    if (env.publicDemo) {
      logger.warn(
        { host: env.HOST },
        "DEMO MODE ON A PUBLIC ADDRESS (ALLOW_PUBLIC_DEMO=true): the demo accounts' passwords, the session secret and every email are public",
      );
    }
  });
  server.once("error", (error) => {
    logger.fatal({ err: error }, "server failed to start");
    process.exit(1);
  });
  listenWhenAllowed(() => server.listen(env.PORT, env.HOST));

  const ready = await waitForDatabase();
  const hashed = await ready.exclusive(GIFT_CARD_CODES_LOCK_KEY, () =>
    hashStoredGiftCardCodes(ready.db),
  );
  if (hashed > 0) logger.info({ hashed }, "gift card codes from before now kept as their hash");
  const auth = await getAuth();
  if (env.SHOP_MODE === "demo") {
    await ready.exclusive(SEED_LOCK_KEY, () => seedDemoShop(ready.db, auth, logger));
  }
  // Changes queue purges of the shared cache in front only when one is configured.
  queuePurges(env.purge.kind !== "none");
  const jobsHere = runsBackgroundJobs();
  await startBackgroundJobs(ready, { runHere: jobsHere });
  await shareShopChanges(ready);
  await keepFiguresBetweenChanges(ready);
  const stop = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // For SHUTDOWN_DRAIN_SECONDS the server keeps accepting and answering (with Connection: close,
    // and 503 on /healthz so a load balancer stops sending): closing the listener at once would
    // reset the connections still waiting in the kernel's accept queue, and Node's close() would
    // drop sockets whose request has arrived but is not parsed yet while the event loop is busy.
    setTimeout(() => {
      // Stops accepting; the callback runs once every connection has ended.
      server.close(async () => {
        try {
          await stopBackgroundJobs();
          await closeDatabase();
          logger.info("shut down cleanly");
          process.exit(0);
        } catch (error) {
          logger.error({ err: error }, "error while closing the database");
          process.exit(1);
        }
      });
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }, env.SHUTDOWN_DRAIN_SECONDS * 1000).unref();
    setTimeout(
      () => {
        logger.warn("in-flight requests did not finish in time; closing anyway");
        server.closeAllConnections();
      },
      env.SHUTDOWN_DRAIN_SECONDS * 1000 + SHUTDOWN_GRACE_MS,
    ).unref();
  };
  await warmDocumentPdf();
  // Set before the shop says it is ready: a stop sent the moment it answers is a clean stop.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  database = ready;
  reportReady();
  if (jobsHere) printBanner((await getShopSettings()).shopName);
}

function printBanner(shopName: string) {
  process.stdout.write(startBanner(shopName, env, demoAccounts));
}

const command = process.argv[2];
if (isDatabaseCommand(command)) {
  runDatabaseCommand(command, process.argv.slice(3)).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
} else if (cluster.isPrimary && env.workerCount > 1) {
  runWorkers(env.workerCount, logger);
} else {
  if (cluster.isPrimary && (env.WEB_CONCURRENCY ?? 1) > 1) {
    logger.warn(
      { WEB_CONCURRENCY: env.WEB_CONCURRENCY },
      "WEB_CONCURRENCY is ignored without DATABASE_URL: the embedded database (PGlite) is one process",
    );
  }
  main().catch((error: unknown) => {
    logger.fatal({ err: error }, "failed to start");
    process.exit(1);
  });
}
