// @vitest-environment jsdom

import type { CartLine } from "@common/cart/cart-rules";
import { type AutomaticOffer, ONE_DISCOUNT_RULE } from "@common/discounts/offers";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showToast } from "~/lib/toast";
import { CartDrawer } from "./cart-drawer";
import { cartStore } from "./cart-store";
import { toothpasteLine } from "./test-cart-line";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn(async () => {}) }));

// Whether the shopper is signed in comes from the viewer store (GET /api/me in the browser).
const visitor = vi.hoisted(() => ({ signedIn: true }));
vi.mock("~/components/account/viewer-store", () => ({
  viewerStore: { known: async () => ({ signedIn: visitor.signedIn, wishlist: [] }) },
}));

// jsdom has no modal dialogs; the drawer only needs them to open and close.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

const line = toothpasteLine;

const onOpenChange = vi.fn();

function DrawerPage() {
  return <CartDrawer open onOpenChange={onOpenChange} />;
}

function CheckoutPage() {
  return <p>Checkout page</p>;
}

function LoginPage() {
  return <p>Login page</p>;
}

const Stub = createRoutesStub([
  { path: "/", Component: DrawerPage },
  { path: "/checkout", Component: CheckoutPage },
  { path: "/login", Component: LoginPage },
]);

function renderDrawer() {
  render(<Stub />);
}

/** The shop's answers: the variants to the cart's re-check, the offers to the offers' list. */
function shopAnswers(variants: Array<Omit<CartLine, "quantity">>, offers: AutomaticOffer[] = []) {
  return async (url: string | URL | Request) =>
    String(url).startsWith("/api/offers") ? Response.json({ offers }) : Response.json({ variants });
}

function answerWith(variants: Array<Omit<CartLine, "quantity">>, offers: AutomaticOffer[] = []) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(shopAnswers(variants, offers));
}

beforeEach(() => {
  window.localStorage.clear();
  cartStore.clear();
  visitor.signedIn = true;
  onOpenChange.mockClear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("CartDrawer's Proceed to Checkout", () => {
  it("sends a guest to log in first, to come back to the checkout", async () => {
    visitor.signedIn = false;
    cartStore.replace([line]);
    answerWith([line]);
    renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Proceed to Checkout" }));
    await screen.findByText("Login page");
    expect(showToast).toHaveBeenCalledWith("Authentication Required", {
      description: "Please log in to proceed to checkout.",
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("keeps a signed-in shopper with an empty cart here and says why", async () => {
    renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Proceed to Checkout" }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith("Your cart is empty", {
        description: "Add some products to your cart before checking out.",
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByText("Checkout page")).toBeNull();
  });

  it("re-checks the cart with the shop, then goes to the checkout", async () => {
    cartStore.replace([line]);
    const fetch = answerWith([line]);
    renderDrawer();
    fireEvent.click(screen.getByRole("button", { name: "Proceed to Checkout" }));
    await screen.findByText("Checkout page");
    expect(fetch).toHaveBeenCalledWith("/api/variants?ids=prod2-75ml", expect.anything());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("stays and shows what changed when a price or the stock changed since it opened", async () => {
    cartStore.replace([line]);
    const fetch = answerWith([line]);
    renderDrawer();
    // The drawer re-checks (and asks for the offers) as it opens; the shop changes after that.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    fetch.mockImplementation(shopAnswers([{ ...line, pricePence: 1299, stockQuantity: 1 }]));
    fireEvent.click(screen.getByRole("button", { name: "Proceed to Checkout" }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith("Your cart was updated", {
        description:
          "The price of Whitening Toothpaste (75 ml) changed from £14.99 to £12.99. Only 1 of Whitening Toothpaste (75 ml) left: your quantity is now 1.",
      }),
    );
    expect(cartStore.lines()).toEqual([
      { ...line, pricePence: 1299, stockQuantity: 1, quantity: 1 },
    ]);
    expect(screen.queryByText("Checkout page")).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe("CartDrawer's offers", () => {
  const offer = {
    id: "offer1",
    version: 1,
    title: "3 for 2 on paste",
    endsAt: null,
    kind: "buy_get" as const,
    buyQuantity: 2,
    getQuantity: 1,
    percentOff: 100,
    productIds: [line.productId],
  };

  it("says how many more the cart needs, then what it takes off at checkout", async () => {
    cartStore.replace([{ ...line, quantity: 2 }]);
    answerWith([line], [offer]);
    renderDrawer();
    const offers = await screen.findByRole("region", { name: "Offers" });
    expect(offers.textContent).toBe("3 for 2 on paste: Add 1 more for buy 2, get 1 free.");
    await cartStore.setQuantity(line.variantId, 3);
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Offers" }).textContent).toBe(
        `Offer: 3 for 2 on paste−£14.99${ONE_DISCOUNT_RULE}`,
      ),
    );
  });

  it("shows only the offer saving most, and promises no other", async () => {
    const freeLine = {
      ...offer,
      id: "offer2",
      title: "Free toothpaste over £10",
      kind: "spend_get" as const,
      spendOverPence: 1000,
      giftProductId: line.productId,
      giftProductName: line.name,
    };
    const twoForOne = { ...offer, id: "offer3", title: "2 for 1 on paste", buyQuantity: 1 };
    // Four tubes: one free over £10 (£14.99), or two free at 2 for 1 (£29.98).
    cartStore.replace([{ ...line, quantity: 4 }]);
    answerWith([line], [freeLine, twoForOne]);
    renderDrawer();
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Offers" }).textContent).toBe(
        `Offer: 2 for 1 on paste−£29.98${ONE_DISCOUNT_RULE}`,
      ),
    );
  });
});
