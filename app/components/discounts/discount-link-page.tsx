import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { storeDiscountCode } from "~/lib/discount-code-storage";
import { showToast } from "~/lib/toast";

type LinkedCode = { code: string; label: string; conditions: string[] };

/** The toast's words for a kept code: what it gives and what the checkout will ask of the cart. */
function keptCodeNotice(linked: LinkedCode): { title: string; description: string } {
  return {
    title: "Discount code saved",
    description: [
      `${linked.label} is kept with your cart and applied at checkout.`,
      ...linked.conditions,
    ].join(" "),
  };
}

/**
 * The page a discount link opens: once the page runs, a code on offer is kept with the cart, a
 * toast says so and the shopper goes on to the link's page. What it shows meanwhile (or without
 * scripts) says the same; a code not on offer says why, and nothing is kept.
 */
export function DiscountLinkPage({
  linked,
  problem,
  next,
}: {
  linked: LinkedCode | null;
  problem: string | null;
  next: string;
}) {
  const navigate = useNavigate();
  const kept = useRef(false);
  useEffect(() => {
    if (!linked || kept.current) return;
    kept.current = true;
    storeDiscountCode(linked.code);
    const notice = keptCodeNotice(linked);
    void showToast(notice.title, { description: notice.description });
    void navigate(next, { replace: true });
  }, [linked, next, navigate]);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">
          {linked ? "Your discount code" : "This code can't be used"}
        </h1>
        <div className="mt-4 space-y-3 text-ink-muted">
          {linked ? (
            <>
              <p>
                <strong className="text-ink">{linked.label}</strong> is kept with your cart and
                applied at checkout.
              </p>
              {linked.conditions.map((condition) => (
                <p key={condition}>{condition}</p>
              ))}
            </>
          ) : (
            <p role="alert">{problem}</p>
          )}
        </div>
        <Link to={linked ? next : "/store"} className={`${buttonVariants()} mt-6`}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
