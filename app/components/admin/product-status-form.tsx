import { Link } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { showToast } from "~/lib/toast";

/** Whether the product is on sale: a link to its page, and Archive or Restore. */
export function ProductStatusForm({ active, productId }: { active: boolean; productId: string }) {
  const { fetcher, busy } = useAccountForm("product-status", (result) => {
    if (result.ok) void showToast(active ? "Product restored" : "Product archived");
    else
      void showToast("Product not changed", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      {active ? (
        <Link
          to={`/product/${productId}`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          View in the shop
        </Link>
      ) : (
        <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-medium text-slate-800">
          Archived
        </span>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={active ? "archive" : "restore"} />
        <Button
          type="submit"
          size="sm"
          variant={active ? "destructive" : "primary"}
          disabled={busy}
        >
          {active ? "Archive" : "Restore"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
