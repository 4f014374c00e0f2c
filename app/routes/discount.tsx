import { CODE_MESSAGES, CODE_PATTERN, normaliseCode } from "@common/discounts/discounts";
import { routeMeta } from "@common/seo";
import { getDb } from "@server/db/connection";
import { linkedCode } from "@server/discounts/code-link";
import { DomainError, httpStatusFor } from "@server/errors";
import { clientAddressContext } from "@server/http/load-context";
import { data } from "react-router";
import { DiscountLinkPage } from "~/components/discounts/discount-link-page";
import { safeRedirectPath } from "~/lib/account-forms";
import type { Route } from "./+types/discount";

// /discount/<CODE>?redirect=/product/…: a link that keeps a discount code with the cart (for a bio
// or a partner's post; docs/storefront.md#discount-links). The loader looks at the code on its own
// terms (server/discounts/code-link.ts); the page keeps it in the browser, beside the cart, says
// so and goes on to the link's page. An unknown or ended code says why and keeps nothing.

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const next = safeRedirectPath(url.searchParams.get("redirect"), "/");
  const code = normaliseCode(params.code);
  if (!CODE_PATTERN.test(code)) {
    return data(
      { linked: null, problem: CODE_MESSAGES.unknown, next },
      { status: 404, headers: NO_STORE },
    );
  }
  try {
    const linked = await linkedCode(await getDb(), {
      code,
      clientAddress: context.get(clientAddressContext),
    });
    return data({ linked, problem: null, next }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const status = error.code === "BAD_REQUEST" ? 404 : httpStatusFor(error.code);
    return data({ linked: null, problem: error.message, next }, { status, headers: NO_STORE });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, params }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Discount code",
    description: "A discount code kept with your cart.",
    path: `/discount/${encodeURIComponent(params.code)}`,
    noindex: true,
  }));
}

export default function DiscountLink({ loaderData }: Route.ComponentProps) {
  return <DiscountLinkPage {...loaderData} />;
}
