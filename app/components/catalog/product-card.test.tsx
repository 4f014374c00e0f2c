// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartStore } from "~/components/cart/cart-store";
import { showToast } from "~/lib/toast";
import { ProductCard, type ProductCardData } from "./product-card";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn(async () => {}) }));

const variant = {
  id: "prod2-75ml",
  name: "75 ml",
  pricePence: 1499,
  compareAtPricePence: null,
  stockQuantity: 2,
  maxPerOrder: 10,
};

const product: ProductCardData = {
  id: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A tube",
  saleVariant: null,
  rating: null,
  defaultVariant: variant,
};

let cardData = product;

function CardPage() {
  return <ProductCard product={cardData} />;
}

const Stub = createRoutesStub([{ path: "/", Component: CardPage }]);

function renderCard(data: ProductCardData) {
  cardData = data;
  render(<Stub />);
  return screen.getByRole("button", { name: `Add to Cart: ${data.name}` });
}

beforeEach(() => {
  window.localStorage.clear();
  cartStore.clear();
  vi.mocked(showToast).mockClear();
  // The card's heart asks the shop who is visiting (GET /api/me): a guest.
  vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ signedIn: false, wishlist: [] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ProductCard's Add to Cart", () => {
  it("adds one of the default variant and says so", async () => {
    fireEvent.click(renderCard(product));
    await waitFor(() =>
      expect(cartStore.lines()).toMatchObject([{ variantId: "prod2-75ml", quantity: 1 }]),
    );
    expect(showToast).toHaveBeenCalledWith("Added to Cart!", {
      description: "Whitening Toothpaste has been added to your cart.",
    });
  });

  it("refuses beyond the stock with the cart's message", async () => {
    const button = renderCard(product);
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(3));
    expect(cartStore.lines()).toMatchObject([{ quantity: 2 }]);
    expect(showToast).toHaveBeenLastCalledWith("Oh no! Something went wrong.", {
      description: "Not enough stock for Whitening Toothpaste. Only 2 left.",
      tone: "error",
    });
  });

  it("asks to choose on the product page when there is no default variant", () => {
    fireEvent.click(renderCard({ ...product, defaultVariant: null }));
    expect(cartStore.lines()).toEqual([]);
    expect(showToast).toHaveBeenCalledWith("Product variant not available", {
      description: "Please select a product from its detail page.",
      tone: "error",
    });
  });

  it("reports an unexpected failure as 'Error adding to cart'", async () => {
    vi.spyOn(cartStore, "add").mockImplementation(() => {
      throw new Error("Storage exploded");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    fireEvent.click(renderCard(product));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith("Error adding to cart", {
        description: "Storage exploded",
        tone: "error",
      }),
    );
  });

  it("is disabled when the default variant is sold out", () => {
    const soldOut = { ...product, defaultVariant: { ...variant, stockQuantity: 0 } };
    expect(renderCard(soldOut)).toHaveProperty("disabled", true);
  });

  it("shows SALE and a struck-through former price only for a genuine reduction of the price shown", () => {
    renderCard(product);
    expect(screen.queryByText("Sale")).toBeNull();
    expect(document.querySelector("s")).toBeNull();
    cleanup();

    // The default variant itself is reduced: its own price is struck through.
    const reduced = { ...variant, compareAtPricePence: 1999 };
    renderCard({ ...product, defaultVariant: reduced, saleVariant: reduced });
    expect(screen.getByText("Sale")).toBeTruthy();
    expect(document.querySelectorAll("s")).toHaveLength(1);
    expect(document.querySelector("s")?.textContent).toContain("£19.99");
    cleanup();

    // Another option is reduced: its offer is shown under the card's price.
    const twin = {
      ...variant,
      id: "twin",
      name: "Twin Pack",
      pricePence: 2499,
      compareAtPricePence: 2998,
    };
    renderCard({ ...product, saleVariant: twin });
    // The headline price is not reduced: the badge says which option is.
    expect(screen.queryByText("Sale")).toBeNull();
    expect(screen.getByText("Save on Twin Pack")).toBeTruthy();
    expect(screen.getByText("Twin Pack:")).toBeTruthy();
    expect(document.querySelector("s")?.textContent).toContain("£29.98");
  });

  it("shows stars and the count only when the product has reviews", () => {
    renderCard(product);
    expect(screen.queryByRole("img", { name: /^Rated/ })).toBeNull();
    cleanup();
    renderCard({ ...product, rating: { average: 4.6, count: 12 } });
    expect(screen.getByRole("img", { name: "Rated 4.6 out of 5" })).toBeTruthy();
    expect(screen.getByText("(12 reviews)")).toBeTruthy();
  });
});
