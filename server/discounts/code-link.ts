import { type CodeOffer, codeLabel } from "../../common/discounts/discounts";
import { formatPenceInText } from "../../common/money";
import type { Database } from "../db/database";
import { codeOnOffer, countCodeAttempt, offerOf } from "./code-check";

// A discount link (`/discount/<CODE>`, docs/storefront.md#discount-links): the code is looked at on
// its own terms, with no cart yet, and kept with the shopper's cart when it is on offer. Each
// opening counts as an attempt from its address, as a code typed in the cart does, so links
// cannot be used to guess codes faster than the cart allows. The checkout checks the code
// again for the cart as it is then.

/** A code a link may keep, in the shopper's words. */
export type LinkedCode = {
  code: string;
  /** "Code SUMMER10 (10% off)" */
  label: string;
  /** What else the checkout will ask of the cart, as sentences; empty when nothing. */
  conditions: string[];
  offer: CodeOffer;
};

/** The linked code if it is on offer now, or a DomainError with the reason (unknown, ended, used up). */
export async function linkedCode(
  db: Database,
  input: { code: string; clientAddress: string | null },
  now = new Date(),
): Promise<LinkedCode> {
  await countCodeAttempt(db, null, input.clientAddress, now.getTime());
  const code = await codeOnOffer(db, input.code, now);
  const offer = offerOf(code, 0);
  const conditions: string[] = [];
  if (code.minSpendPence !== null) {
    conditions.push(`Spend ${formatPenceInText(code.minSpendPence)} or more on items to use it.`);
  }
  if (code.productIds.length > 0 || code.categoryIds.length > 0) {
    conditions.push("It applies to selected products only.");
  }
  if (code.perCustomerLimit !== null) {
    conditions.push(
      code.perCustomerLimit === 1
        ? "It can be used once per customer."
        : `It can be used ${code.perCustomerLimit} times per customer.`,
    );
  }
  return { code: code.code, label: codeLabel(code.code, offer), conditions, offer };
}
