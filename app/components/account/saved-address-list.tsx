import type { SavedAddress } from "@common/customers/uk-address";
import { Button } from "~/components/ui/button";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";

/**
 * The addresses the checkout remembered (docs/storefront.md, Checkout), each with Remove: the
 * customer decides what the shop keeps.
 */
export function SavedAddressList({ addresses }: { addresses: SavedAddress[] }) {
  const { fetcher, busy } = useAccountForm("forget-address", (result) => {
    if (result.ok) void showToast("Address removed");
    else
      void showToast("Address not removed", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  return (
    <section aria-labelledby="saved-addresses-heading" className="mt-10 max-w-xl">
      <h2 id="saved-addresses-heading" className="text-xl font-semibold">
        Saved addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          None yet. Tick "Remember these details for next time" at checkout to save one.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {addresses.map((address) => (
            <li
              key={address.id}
              className="flex items-start justify-between gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft"
            >
              <p className="text-sm whitespace-pre-line text-ink">
                {[address.line1, address.line2, address.town, address.postcode]
                  .filter(Boolean)
                  .join("\n")}
              </p>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="forget-address" />
                <input type="hidden" name="addressId" value={address.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Remove ${address.line1}, ${address.postcode}`}
                >
                  Remove
                </Button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
