import { reconcileLines } from "@common/cart/cart-rules";
import { z } from "~/lib/browser-zod";
import { cartProductSchema } from "~/lib/stored-cart";
import { showToast } from "~/lib/toast";
import { cartStore } from "./cart-store";

const answerSchema = z.object({ variants: z.array(cartProductSchema) });

/** Re-checks in the order they were asked, and the last one applied: an answer that arrives after
 * a later-asked one was applied is older than what the cart shows, and is dropped. */
let lastAsked = 0;
let lastApplied = 0;

/**
 * Asks the shop for the current price and stock of every line and applies what changed, with a
 * toast saying what (docs/architecture.md#money-flow: the server's numbers win). Resolves to the number of changes.
 */
export async function refreshCartFromShop(signal?: AbortSignal): Promise<number> {
  // A gift card bought is no catalogue variant: the checkout prices it at its amount.
  const ids = (await cartStore.loaded())
    .filter((line) => !line.giftCard)
    .map((line) => line.variantId);
  if (ids.length === 0) return 0;
  const turn = ++lastAsked;
  const response = await fetch(`/api/variants?ids=${encodeURIComponent(ids.join(","))}`, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
  const { variants } = answerSchema.parse(await response.json());
  if (turn < lastApplied) return 0;
  lastApplied = turn;

  // The shopper may have changed the cart while the answer was on its way: apply the answer to
  // the lines as they are now, and only to those that were asked about.
  const asked = new Set(ids);
  const latest = cartStore.lines();
  const { lines: checked, changes } = reconcileLines(
    latest.filter((line) => asked.has(line.variantId)),
    variants,
  );
  if (changes.length === 0) return 0;
  const checkedById = new Map(checked.map((line) => [line.variantId, line]));
  cartStore.replace(
    latest.flatMap((line) => {
      if (!asked.has(line.variantId)) return [line];
      const updated = checkedById.get(line.variantId);
      return updated ? [updated] : [];
    }),
  );
  void showToast("Your cart was updated", { description: changes.join(" ") });
  return changes.length;
}
