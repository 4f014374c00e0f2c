import { Link } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { showToast } from "~/lib/toast";

const doneToasts: Record<string, string> = {
  archive: "Product archived",
  restore: "Product restored",
  publish: "Product published",
};

/**
 * Whether the product is on sale: a link to its page and Archive, or a draft's Publish, or an
 * archived product's Restore.
 */
export function ProductStatusForm({
  active,
  draft,
  productId,
  name,
}: {
  active: boolean;
  draft: boolean;
  productId: string;
  /** The product's name, for the question before deleting it. */
  name: string;
}) {
  const { fetcher, busy } = useAccountForm("product-status", (result) => {
    if (result.ok) void showToast(doneToasts[result.intent] ?? "Product changed");
    else
      void showToast(result.intent === "delete" ? "Product not deleted" : "Product not changed", {
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
          {draft ? "Draft: not in the shop yet" : "Archived"}
        </span>
      )}
      <fetcher.Form method="post">
        <input
          type="hidden"
          name="intent"
          value={active ? "archive" : draft ? "publish" : "restore"}
        />
        <Button
          type="submit"
          size="sm"
          variant={active ? "destructive" : "primary"}
          disabled={busy}
        >
          {active ? "Archive" : draft ? "Publish" : "Restore"}
        </Button>
      </fetcher.Form>
      {active ? null : (
        // A draft or an archived product may go for good, once asked: the server keeps one an
        // order names.
        <Button
          type="button"
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete ${name} for good? It cannot be brought back.`)) {
              void fetcher.submit({ intent: "delete" }, { method: "post" });
            }
          }}
        >
          Delete
        </Button>
      )}
    </div>
  );
}
