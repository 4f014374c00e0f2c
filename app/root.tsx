// The Latin face of Inter, the one every page's text uses (app.css loads it through fontsource;
// this is the same hashed file): preloaded so it arrives beside the stylesheet instead of after it.

import { shopDate } from "@common/dates";
import type { RootData } from "@common/public-config";
import { pageMeta } from "@common/seo";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { pageOrStartingText } from "@server/content/pages";
import { publicConfig } from "@server/settings/shop-settings";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { ViewerScript } from "~/components/account/viewer-script";
import { AdminShell } from "~/components/admin/admin-shell";
import { EarlyClickScript, replayEarlyClick } from "~/components/layout/early-click";
import { usePageChrome } from "~/components/layout/page-chrome";
import { ShopLayout } from "~/components/layout/shop-layout";
import { buttonVariants } from "~/components/ui/button";
import { useShopLinkNavigation } from "~/components/ui/shop-link";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The same for every visitor: what is personal comes from GET /api/me in the browser,
// so public pages can be served from the page cache to everyone.
export async function loader(): Promise<RootData> {
  const [config, home] = await Promise.all([publicConfig(), pageOrStartingText("home")]);
  return { config, announcements: home.announcements, ...shopDate(new Date()) };
}

export function meta({ data, error }: Route.MetaArgs) {
  if (!data) return [{ title: "Unexpected Application Error!" }];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return pageMeta({
    site: data.config,
    title: status === 404 ? "Page not found" : "Something went wrong",
    description: "The page you were looking for could not be shown.",
    path: "/",
    noindex: true,
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const chrome = usePageChrome();
  const nonce = useNonce();
  useEffect(() => {
    // Marks the document as interactive (pages and error screens alike) once it is hydrated (the
    // effects run after the whole tree's): end-to-end tests wait for it before clicking.
    document.documentElement.dataset.hydrated = "true";
    replayEarlyClick();
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <ViewerScript />
        <EarlyClickScript />
        {/* First in the head: the stylesheet blocks the first paint, so it must not queue behind
            the script preloads. The font follows it. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="" />
        {/* A browser may paint a page it has only partly read, and what came later moved what was
            painted (the header's controls, the hero's text). The first paint waits until the page
            is read to its footer (decision record 021). The admin's shell has no footer. */}
        {chrome === "admin" ? null : <link rel="expect" href="#site-footer" blocking="render" />}
        <Meta />
        <Links />
      </head>
      <body>
        {!data ? (
          children
        ) : chrome === "admin" ? (
          <AdminShell shopName={data.config.shopName}>{children}</AdminShell>
        ) : (
          <ShopLayout
            config={data.config}
            announcements={data.announcements}
            year={data.year}
            focused={chrome === "focused"}
          >
            {children}
          </ShopLayout>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useShopLinkNavigation();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong on our side. Please try again in a moment.";
  let status = "500 Internal Server Error";
  if (isRouteErrorResponse(error)) {
    // The status's own words first: an error a middleware threw carries the wrong statusText.
    status = `${error.status} ${statusTexts[error.status] || error.statusText || ""}`.trim();
    if (error.status === 404) detail = "We couldn't find the page you were looking for.";
    // A refusal that says why (a form the admin's guard could not read, a role's limit): said.
    else if (error.status < 500 && typeof error.data === "string" && error.data) {
      detail = error.data;
    }
  }
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-xl font-semibold text-brand-strong">{status}</p>
      <p className="mt-3 text-ink-muted">{detail}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonVariants()}>
          Back to home
        </a>
        <a href="/store" className={buttonVariants({ variant: "secondary" })}>
          Browse the store
        </a>
      </div>
    </section>
  );
}

const statusTexts: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
  503: "Service Unavailable",
};
