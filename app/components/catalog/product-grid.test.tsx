// @vitest-environment jsdom

import type { ProductSummary } from "@common/catalog/catalog-types";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProductGrid, STORE_EMPTY_TEXT } from "./product-grid";

// The cards' hearts ask the shop who is visiting (GET /api/me): a guest.
beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ signedIn: false, wishlist: [] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const product: ProductSummary = {
  id: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A tube",
  defaultVariant: {
    id: "prod2-75ml",
    name: "75 ml",
    pricePence: 1499,
    compareAtPricePence: null,
    stockQuantity: 20,
    maxPerOrder: 10,
  },
  saleVariant: null,
  rating: null,
};

let gridProps: Parameters<typeof ProductGrid>[0] = { products: [], error: null };

function GridPage() {
  return <ProductGrid {...gridProps} />;
}

// Links need a router around them.
const Stub = createRoutesStub([{ path: "/", Component: GridPage }]);

function renderGrid(props: Parameters<typeof ProductGrid>[0]) {
  gridProps = props;
  return render(<Stub />);
}

describe("ProductGrid", () => {
  it("shows the store list's error text", () => {
    renderGrid({ products: [], error: "Failed to load products" });
    expect(screen.getByRole("alert").textContent).toBe(
      "Error loading products: Failed to load products",
    );
  });

  it("shows the store list's empty text", () => {
    renderGrid({ products: [], error: null });
    expect(screen.getByText(STORE_EMPTY_TEXT)).toBeTruthy();
    expect(STORE_EMPTY_TEXT).toBe("No products available at the moment. Please check back later!");
  });

  it("shows each product with its default variant's price and Add to Cart", () => {
    renderGrid({ products: [product], error: null });
    expect(screen.getByRole("heading", { name: "Whitening Toothpaste" })).toBeTruthy();
    expect(screen.getByText("£14.99")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to Cart: Whitening Toothpaste" })).toBeTruthy();
  });

  it("says a product without a variant is unavailable", () => {
    renderGrid({ products: [{ ...product, defaultVariant: null }], error: null });
    expect(screen.getByText("Currently unavailable")).toBeTruthy();
  });
});
