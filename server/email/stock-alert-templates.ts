import { itemName } from "../../common/cart/cart-rules";
import type { Brand } from "../settings/shop-settings";
import { button, layout, paragraph, textFooter } from "./email-layout";
import type { OutgoingEmail } from "./transport";

// The back-in-stock alert (server/stock-alerts/stock-alerts.ts): the one email an address asked
// for on a sold-out product's page. Not marketing: it is sent once, because it was asked for.

export function backInStockEmail(
  brand: Brand,
  to: string,
  item: { productId: string; productName: string; variantName: string },
): OutgoingEmail {
  const name = itemName(item.productName, item.variantName);
  const heading = `${name} is back in stock`;
  const url = `${brand.baseUrl}/product/${encodeURIComponent(item.productId)}`;
  const lines = [
    `You asked us to tell you when ${name} was back. It is, while stock lasts: we email a few more people than there are units, in the order they asked.`,
    "This is the only email we send about it. If you did not ask for it, ignore it and you will not hear from us again.",
  ];
  return {
    to,
    subject: `Back in stock: ${name}`,
    html: layout(
      brand,
      heading,
      `${paragraph(lines[0] ?? "")}${button(url, "See it in the shop")}${paragraph(lines[1] ?? "")}`,
    ),
    text: `${heading}\n\n${lines[0]}\n\nSee it in the shop: ${url}\n\n${lines[1]}\n${textFooter(brand)}`,
  };
}
