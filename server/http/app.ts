import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER, isPublicAuthEndpoint } from "../auth/auth";
import { hasSessionCookie } from "../auth/session-cookie";
import { signedInCookieFollowing } from "../auth/signed-in-cookie";
import { countStatements } from "../db/statement-count";
import { type Logger, withLogFields } from "../logger";
import { bodyLimits } from "./body-limits";
import { cacheHitServer } from "./cache-hits";
import {
  type Audience,
  DEFAULT_SHARED_CACHE,
  forClientData,
  type SharedCachePolicy,
  withCachingRules,
} from "./caching-rules";
import { clientAddress } from "./client-address";
import { compression } from "./compression";
import { refuseControlCharactersInAddress } from "./control-characters";
import { fieldSentTwice } from "./form-request";
import { healthAndMetrics } from "./health-and-metrics";
import { bodyKeyNamedTwice } from "./json-request";
import { asMade } from "./light-response";
import {
  cachedAnswer,
  encodingFor,
  isCacheableRequest,
  isSharedPage,
  type PageCache,
} from "./page-cache";
import { pausePage } from "./pause-page";
import { renderGuard } from "./render-guard";
import { requestRecorder } from "./request-log";
import { handlingOrigin, onHandlingOrigin, sameOriginOnly } from "./same-origin";
import { cspNonce, type InlineScripts, securityHeaders } from "./security-headers";
import { assetFiles, publicFiles } from "./static-files";
import "./load-context";
import { pageTags } from "../cache/cache-tags";
import { inRequestScope } from "../request-scope";
import { shopLoadContext } from "./load-context";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id";
import { routeLabeller } from "./route-label";

export type HttpAppOptions = {
  build: ServerBuild;
  /** build/client: the browser assets. */
  clientDir: string;
  logger: Logger;
  https: boolean;
  /** The shop's own origins, the public one first (env.shopOrigins): the one origin rule. */
  origins: string[];
  stripe: boolean;
  /** False until the database is ready: everything but static files answers 503 meanwhile. */
  isReady?: () => boolean;
  /** Resolves when the database answers; used by /healthz. */
  pingDatabase: () => Promise<void>;
  /** True once shutdown has begun: health checks fail and connections are not kept alive. */
  isDraining?: () => boolean;
  /** Anonymous page views are served from here when set (decision record 001). */
  pageCache?: PageCache;
  /** How long a shared cache in front keeps a public page (decision record 049). */
  sharedCache?: SharedCachePolicy;
  /** better-auth's handler, mounted at /api/auth. */
  handleAuth?: (request: Request) => Promise<Response>;
  /** Proxies in front that append to X-Forwarded-For (0: trust none of it). */
  trustProxyHops?: number;
  /**
   * A page or API request that has not answered after this long gets a 503 (the work may go on;
   * the visitor does not wait for it). Default 15 s.
   */
  requestTimeoutMs?: number;
  /** `/metrics` answers a request bearing this token (`Authorization: Bearer …`); unset: no /metrics. */
  metricsToken?: string;
};

type AppEnv = {
  Variables: {
    cspNonce: string;
    /** Set for a page from the page cache: its inline scripts are allowed by their hashes. */
    inlineScripts?: InlineScripts;
  };
};

const CLIENT_CLOSED_REQUEST = 499;
const REQUEST_TIMEOUT_MS = 15_000;

type App = Hono<AppEnv>;
type Recorder = ReturnType<typeof requestRecorder>;

/**
 * What every answer gets, whatever made it: the request's id and log line, Connection: close
 * while draining, the signed-in cookie following the session cookie, and the security headers.
 */
function answerEveryRequest(app: App, options: HttpAppOptions, record: Recorder) {
  app.use((c, next) => {
    const started = performance.now();
    const reqId = requestIdFor(c.req.header(REQUEST_ID_HEADER), (options.trustProxyHops ?? 0) > 0);
    // Every line logged while this request is handled carries its id; the answer carries it too,
    // so a customer's or a proxy's report leads to the log lines.
    return withLogFields({ reqId }, async () => {
      const { statements } = await countStatements(next);
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
      // A client that hung up before the answer (a closed tab, a load generator stopping) is no
      // fault of the server: logged as 499 (nginx's "client closed request"), whatever the render
      // made of its aborted request.
      const status = c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
      record(c.req.method, c.req.path, status, started, statements);
    });
  });

  app.use(async (c, next) => {
    await next();
    if (options.isDraining?.()) c.res.headers.set("Connection", "close");
  });

  // The page's signed-in cookie follows the session cookie, whatever set or cleared it.
  app.use(async (c, next) => {
    await next();
    const line = signedInCookieFollowing(c.res.headers.getSetCookie());
    if (line) c.res.headers.append("Set-Cookie", line);
  });

  app.use(async (c, next) => {
    const nonce = cspNonce();
    c.set("cspNonce", nonce);
    await next();
    const headers = securityHeaders({
      scripts: c.get("inlineScripts") ?? { nonce },
      https: options.https,
      stripe: options.stripe,
    });
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}

/** better-auth's public endpoints, each given the connecting address and the shop's own origin. */
function mountAuth(app: App, options: HttpAppOptions, addressOf: (c: Context) => string | null) {
  const { handleAuth } = options;
  if (!handleAuth) return;
  app.all("/api/auth/*", async (c) => {
    if (!isPublicAuthEndpoint(c.req.method, c.req.path)) {
      return c.json({ error: "Not found." }, 404, { "Cache-Control": "no-store" });
    }
    // A JSON body naming a field twice is refused as the shop's own APIs refuse it (400), before
    // the library keeps one of the two (docs/decisions/076-authorised-on-what-runs.md).
    let body: BodyInit | null = c.req.raw.body;
    if (/^application\/json\b/i.test(c.req.header("Content-Type") ?? "")) {
      const text = await c.req.text();
      const twice = bodyKeyNamedTwice(text);
      if (twice !== null) {
        const { code, message } = fieldSentTwice(twice);
        return c.json({ code, message }, 400, { "Cache-Control": "no-store" });
      }
      body = text;
    }
    // The rate limiter counts per client address: it gets the connecting address from here,
    // never a header the client could set itself.
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const address = addressOf(c);
    if (address) headers.set(CLIENT_IP_HEADER, address);
    const init: RequestInit & { duplex?: "half" } = {
      method: c.req.method,
      headers,
      body,
      duplex: "half",
    };
    const url = new URL(c.req.url);
    const origin = handlingOrigin(c.req.raw, options.origins);
    return handleAuth(new Request(`${origin}${url.pathname}${url.search}`, init));
  });
}

/**
 * Pages and the API: rendered by React Router in the request's own scope with the caching
 * headers of their audience, through the page cache where a request may share one.
 */
function mountPages(
  app: App,
  options: HttpAppOptions,
  parts: {
    handleRequest: ReturnType<typeof createRequestHandler>;
    guarded: ReturnType<typeof renderGuard>;
    addressOf: (c: Context) => string | null;
    shopRequest: (c: Context) => Request;
  },
) {
  const { handleRequest, guarded, addressOf, shopRequest } = parts;
  const { pageCache } = options;
  const sharedCache = options.sharedCache ?? DEFAULT_SHARED_CACHE;
  /**
   * Renders in the request's own scope, where the services note the tags of what they read, and
   * gives the answer the caching headers its audience calls for.
   */
  const render = (
    request: Request,
    context: ReturnType<typeof shopLoadContext>,
    audience: Audience,
  ) =>
    inRequestScope(async () =>
      withCachingRules(
        await handleRequest(request, context),
        audience,
        new URL(request.url).pathname.endsWith(".data") ? forClientData(sharedCache) : sharedCache,
        pageTags(),
      ),
    );
  app.all("*", async (c) => {
    const nonce = c.get("cspNonce");
    const shared = isSharedPage(c.req.path);
    if (!pageCache || !isCacheableRequest(c.req.raw, c.req.path)) {
      // A form posted to a public page's address is the poster's own.
      const publicRead = shared && (c.req.method === "GET" || c.req.method === "HEAD");
      const audience: Audience = publicRead
        ? "public"
        : hasSessionCookie(c.req.header("Cookie"))
          ? "personal"
          : "anonymous";
      return guarded(c.req.path, () =>
        render(
          // A public page is the same for everyone: rendered as for any visitor without a session.
          publicRead ? anonymousCopy(shopRequest(c)) : shopRequest(c),
          shopLoadContext({
            cspNonce: nonce,
            clientAddress: addressOf(c),
            abortConnection: () =>
              (c.env as Partial<HttpBindings> | undefined)?.outgoing?.destroy(),
          }),
          audience,
        ),
      );
    }
    const url = new URL(c.req.url);
    const { served, state } = await pageCache.serve(
      url.pathname + url.search,
      // Rendered unconditionally so the full answer is stored; the cache answers If-None-Match.
      // Cached pages are the same for everyone: they get no client address, no cookies and no
      // nonce (their scripts are allowed by hash). A cached page is still served while the
      // database is away; only a 200 is ever stored.
      () =>
        guarded(c.req.path, () =>
          render(
            anonymousCopy(shopRequest(c)),
            shopLoadContext({ cspNonce: "", clientAddress: null }),
            shared ? "public" : "anonymous",
          ),
        ),
    );
    if (served instanceof Response) {
      served.headers.set("X-Page-Cache", state);
      return served;
    }
    c.set("inlineScripts", { hashes: served.scriptHashes });
    const answer = cachedAnswer(
      served,
      encodingFor(served, c.req.header("Accept-Encoding")),
      c.req.header("If-None-Match"),
    );
    const { body } = answer;
    // A view of the same bytes (no copy): Node's Buffer type and the DOM's BodyInit disagree.
    return new Response(
      body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      {
        status: answer.status,
        headers: [...answer.headers, ["X-Page-Cache", state]],
      },
    );
  });
}

export function createHttpApp(options: HttpAppOptions) {
  const app = new Hono<AppEnv>();
  const handleWithRouter = createRequestHandler(options.build, "production");
  const handleRequest: typeof handleWithRouter = (request, context) =>
    handleWithRouter(request, context).then(asMade);

  const record = requestRecorder(options.logger, routeLabeller(options.build.routes));
  answerEveryRequest(app, options, record);

  app.use(compression());
  // Before anything reads the address: a control character in a path or query is refused here.
  app.use(refuseControlCharactersInAddress());
  app.use(bodyLimits());
  app.use(sameOriginOnly(options.origins));

  app.route(
    "/",
    healthAndMetrics({
      logger: options.logger,
      pingDatabase: options.pingDatabase,
      isReady: options.isReady,
      isDraining: options.isDraining,
      metricsToken: options.metricsToken,
    }),
  );

  app.use("/assets/*", assetFiles(options.clientDir));
  app.use(publicFiles(options.clientDir));

  const { isReady } = options;
  if (isReady) {
    app.use(async (c, next) => {
      if (isReady()) return next();
      c.header("Cache-Control", "no-store");
      c.header("Retry-After", "5");
      if (c.req.path.startsWith("/api/")) {
        return c.json({ error: "The shop is starting. Please try again in a moment." }, 503);
      }
      return c.html(pausePage("The shop is starting. Please try again in a moment."), 503);
    });
  }

  const addressOf = (c: Context): string | null =>
    clientAddress(
      c.req.header("X-Forwarded-For"),
      getConnInfo(c).remote.address ?? null,
      options.trustProxyHops ?? 0,
    );
  // Handlers see the request on one of the shop's own origins (never http://<proxy's Host>).
  const shopRequest = (c: Context) => onHandlingOrigin(c.req.raw, options.origins);

  mountAuth(app, options, addressOf);

  const guarded = renderGuard({
    pingDatabase: options.pingDatabase,
    logger: options.logger,
    requestTimeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
  });

  mountPages(app, options, { handleRequest, guarded, addressOf, shopRequest });

  app.onError((error, c) => {
    // Refusals a middleware decided on (403 from the same-origin check) are answers, not faults.
    if (error instanceof HTTPException) return error.getResponse();
    options.logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  // Hits are answered before the app when the server is node:http (./cache-hits.ts).
  const { pageCache } = options;
  const serveCacheHit = pageCache
    ? cacheHitServer({
        pageCache,
        https: options.https,
        stripe: options.stripe,
        trustProxyHops: options.trustProxyHops ?? 0,
        record,
        isReady: options.isReady,
        isDraining: options.isDraining,
      })
    : () => false;
  return { fetch: app.fetch, serveCacheHit };
}

/** The request as any visitor without a session would send it: for a page everyone may share. */
function anonymousCopy(request: Request): Request {
  const plain = new Request(request);
  plain.headers.delete("If-None-Match");
  plain.headers.delete("Cookie");
  return plain;
}
