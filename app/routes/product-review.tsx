import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import type { FormAnswer } from "@common/form-answer";
import { rootDataFrom } from "@common/public-config";
import { NOT_A_BUYER } from "@common/reviews/ratings";
import { reviewForm } from "@common/reviews/review-form";
import { pageMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { getSessionUser } from "@server/auth/session";
import { getProduct } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import {
  deleteReview,
  hasBought,
  ownReview,
  reportReview,
  saveReview,
} from "@server/reviews/reviews";
import { data, Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import { reviewAnswerMessage } from "~/components/reviews/review-answer";
import { ReviewForm } from "~/components/reviews/review-form";
import { ArrowLeft } from "~/components/ui/icons";
import { ProductImage } from "~/components/ui/product-image";
import { cn } from "~/lib/class-names";
import type { Route } from "./+types/product-review";

// /product/:id/review: the signed-in customer's review of a product: written, edited or
// deleted here; reports of others' reviews arrive here too. The review-request email and the
// dashboard's orders link to it; a guest logs in first and comes back.

const paramsSchema = z.object({ id: z.string().regex(CATALOGUE_ID) });

function productIdOf(params: unknown): string {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data("Product not found.", { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const id = productIdOf(params);
  const user = await requireUser(request, url);
  const db = await getDb();
  try {
    const product = await getProduct(db, id);
    const [bought, own] = await Promise.all([
      hasBought(db, user.id, id),
      ownReview(db, user.id, id),
    ]);
    return {
      product: {
        id: product.id,
        name: product.name,
        imageUrl: product.imageUrl,
        imageAlt: product.imageAlt,
      },
      bought,
      own,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") {
      throw data(error.message, { status: httpStatusFor(error.code) });
    }
    throw error;
  }
}

const reportForm = z.object({
  reviewId: z.string().min(1).max(64),
});

export async function action({ request, params }: Route.ActionArgs) {
  const id = productIdOf(params);
  const user = await getSessionUser(request);
  // A guest (reporting a review, or signed out meanwhile) logs in and comes back to the reviews.
  if (!user) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: `/product/${id}#reviews` })}`);
  }
  const db = await getDb();
  return answerForm(request, {
    review: formIntent(reviewForm, (input) => saveReview(db, user.id, id, input)),
    "delete-review": formIntent(z.object({}), () => deleteReview(db, user.id, id)),
    report: formIntent(reportForm, (input) => reportReview(db, user.id, input.reviewId, null)),
  });
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!root || !loaderData) return [];
  return pageMeta({
    site: root.config,
    title: `${loaderData.own ? "Edit your review" : "Write a review"}: ${loaderData.product.name}`,
    description: `Your review of ${loaderData.product.name}.`,
    path: `/product/${loaderData.product.id}/review`,
    noindex: true,
  });
}

/**
 * The answer to a form posted as a page: without JavaScript, or clicked before the page's scripts
 * arrived (decision record 022). With them the forms use fetchers and answer with a toast, so
 * there is no action data.
 */
function PostedAnswer({ productUrl, productName }: { productUrl: string; productName: string }) {
  const answer = useActionData<FormAnswer>();
  if (!answer) return null;
  const { title, description, tone } = reviewAnswerMessage(answer);
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "mb-6 rounded-[var(--radius-card)] border p-4",
        tone === "error" ? "border-coral bg-white" : "border-line bg-mint/60",
      )}
    >
      <p className="font-semibold">{title}</p>
      {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      <Link
        to={`${productUrl}#reviews`}
        className="mt-2 inline-block text-sm font-semibold text-brand-strong hover:underline"
      >
        Back to the reviews of {productName}
      </Link>
    </div>
  );
}

export default function ProductReviewPage({ loaderData }: Route.ComponentProps) {
  const { product, bought, own } = loaderData;
  const productUrl = `/product/${product.id}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:py-12">
      <PostedAnswer productUrl={productUrl} productName={product.name} />
      <Link
        to={productUrl}
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to {product.name}
      </Link>
      <div className="mt-6 flex items-center gap-4">
        <div className="w-20 shrink-0 overflow-hidden rounded-lg border border-line bg-white">
          <ProductImage src={product.imageUrl} alt="" sizes="80px" />
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {own ? "Edit your review" : "Write a review"}
          </h1>
          <p className="text-ink-muted">{product.name}</p>
        </div>
      </div>
      <div className="mt-8">
        {bought || own ? (
          <ReviewForm productId={product.id} own={own} />
        ) : (
          <p className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft">
            {NOT_A_BUYER} <Link to={productUrl}>See {product.name}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
