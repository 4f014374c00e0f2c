import type { Page } from "@playwright/test";
import { CART_STORAGE_KEY, serializeCart } from "../../app/lib/cart-storage";
import type { CartLine } from "../../common/cart/cart-rules";
import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expect, gotoHydrated } from "./fixtures";

// Cart lines of the demo catalogue (server/seed/catalog-data.ts), for tests that start with
// something in the cart. Stock as the shop publishes it: exact below 20, 20 above.

export const toothpaste: CartLine = {
  productId: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  variantId: "prod2-75ml",
  variantName: "75 ml",
  pricePence: 1499,
  stockQuantity: 20,
  maxPerOrder: 10,
  quantity: 1,
};

/**
 * The one variant no other test counts the stock of: the checkout tests buy it (paid and pending
 * orders take stock from the shared demo catalogue for the rest of the run).
 */
export const toothpasteTriple: CartLine = {
  productId: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  variantId: "prod2-3x75ml",
  variantName: "3 x 75 ml",
  pricePence: 3999,
  stockQuantity: 20,
  maxPerOrder: 10,
  quantity: 1,
};

export const bundle: CartLine = {
  productId: "prod4",
  name: "Complete Smile Bundle",
  imageUrl: "/images/products/complete-smile-bundle.svg",
  variantId: "prod4-default",
  variantName: "Default",
  pricePence: 6499,
  stockQuantity: 20,
  maxPerOrder: 10,
  quantity: 1,
};

export const twinPens: CartLine = {
  productId: "prod3",
  name: "Whitening Pen",
  imageUrl: "/images/products/whitening-pen.svg",
  variantId: "prod3-twin",
  variantName: "Twin Pack",
  pricePence: 4499,
  stockQuantity: 6,
  maxPerOrder: 10,
  quantity: 1,
};

/** Stores a cart before any page of the test loads. */
export async function storeCart(page: Page, lines: CartLine[] | string) {
  const value = typeof lines === "string" ? lines : serializeCart(lines);
  await page.addInitScript(
    ([key, stored]) => {
      // Only once: later navigations and reloads keep what the page itself saved.
      if (!sessionStorage.getItem("cart-seeded")) {
        localStorage.setItem(key, stored);
        sessionStorage.setItem("cart-seeded", "1");
      }
    },
    [CART_STORAGE_KEY, value] as const,
  );
}

/** Puts a cart in the browser's storage now, on the page open (storeCart seeds only the first). */
export async function putCart(page: Page, lines: CartLine[]) {
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [
    CART_STORAGE_KEY,
    serializeCart(lines),
  ] as const);
}

export async function storedCart(page: Page): Promise<CartLine[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
  return raw ? (JSON.parse(raw).lines as CartLine[]) : [];
}

export async function expectBadge(page: Page, count: number) {
  const badge = page.getByTestId("cart-count");
  if (count === 0) {
    await expect(badge).toBeHidden();
  } else {
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute("data-count", String(count));
  }
}

export async function openCart(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  let toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  // Toasts stack: the one with this description (an earlier one may carry the same title).
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}

/**
 * A new customer buys two triple packs of toothpaste with 4242; returns their email, the order's
 * id and the number people read (GL-10241).
 */
export async function placePaidOrder(
  page: Page,
  label: string,
  /** The address's first line (the town is London, the postcode N1 1AA). */
  address = "1 Analytical Row",
  notes?: string,
) {
  const email = uniqueEmail(label);
  await signUpAndVerify(page, email);
  await storeCart(page, [{ ...toothpasteTriple, quantity: 2 }]);
  await gotoHydrated(page, "/checkout");
  const main = page.getByRole("main");
  await main.getByLabel("Phone").fill("+44 7700 900123");
  await main.getByLabel("Shipping address").fill(address);
  await main.getByLabel("Town or city").fill("London");
  await main.getByLabel("Postcode").fill("N1 1AA");
  if (notes !== undefined) await main.getByLabel(/Notes/).fill(notes);
  await main.getByLabel("Card number").fill("4242 4242 4242 4242");
  await main.getByLabel("Expiry").fill("12 / 34");
  await main.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay £71.98" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  // The number the customer reads; the internal id (for URLs) is on the same element.
  const shown = page.getByTestId("order-id");
  const orderNumber = (await shown.textContent()) ?? "";
  const orderId = (await shown.getAttribute("data-order-id")) ?? "";
  expect(orderNumber).toMatch(/^GL-\d+$/);
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  return { email, orderId, orderNumber };
}
