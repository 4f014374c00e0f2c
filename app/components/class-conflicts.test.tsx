// @vitest-environment jsdom

import type { ProductDetail as ProductDetailData } from "@common/catalog/catalog-types";
import type { RootData } from "@common/public-config";
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { conflictsIn } from "../../tests/class-conflicts";
import { SettingsForms } from "./account/settings-forms";
import { ProductCard } from "./catalog/product-card";
import { ProductDetail } from "./catalog/product-detail";
import { CheckoutForm } from "./checkout/checkout-form";

// Classes a page passes to a primitive must never fight the primitive's own (decision record
// 003: no class merger, so which one wins depends on the stylesheet's order). Each case the
// review found, rendered as the shop renders it.

vi.mock("~/lib/toast", () => ({ showToast: vi.fn(async () => {}) }));

// The saved hearts come from the viewer store (GET /api/me in the browser).
const visitor = vi.hoisted(() => ({ wishlist: [] as string[] }));
vi.mock("~/components/account/viewer-store", () => ({
  useViewer: () => ({ signedIn: true, wishlist: visitor.wishlist }),
  viewerStore: {
    known: async () => ({ signedIn: true, wishlist: visitor.wishlist }),
    refresh: async () => {},
  },
}));

const variant = {
  id: "prod3-single",
  name: "Single Pen",
  pricePence: 2499,
  compareAtPricePence: null,
  stockQuantity: 20,
  maxPerOrder: 10,
  optionValues: [],
  sku: null,
  barcode: null,
  imageUrl: null,
};

const pricing = {
  shippingFlatRatePence: 399,
  freeShippingOverPence: 5000,
  firstOrderDiscountPercent: 10,
};

const product: ProductDetailData = {
  id: "prod3",
  slug: "whitening-pen",
  name: "Whitening Pen",
  imageUrl: "/images/products/whitening-pen.svg",
  seoTitle: null,
  seoDescription: null,
  imageAlt: "A pen",
  createdAt: new Date("2026-01-01T00:00:00Z"),
  descriptionHtml: "<p>A pen.</p>",
  summary: "A pen.",
  rating: null,
  variants: [variant],
  optionNames: [],
  images: [],
};

function rootData(): RootData {
  return {
    config: {
      shopName: "Gleam",
      baseUrl: "http://localhost:3000",
      demoMode: true,
      supportEmail: "hello@example.com",
      supportPhone: "+44 20 7946 0321",
      supportHours: "Mon-Fri 9am-5pm EST",
      whatsappNumber: "447700900123",
      social: { instagram: "", facebook: "", tiktok: "" },
      pricing,
    },
    announcements: [],
    year: 2026,
    today: "23 November 2026",
  };
}

async function renderPage(Page: ComponentType, { saved = false } = {}) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => {
        visitor.wishlist = saved ? [product.id] : [];
        return rootData();
      },
      // Rendered while the loader runs; without one React Router warns on every first render.
      HydrateFallback: () => null,
      Component: () => (
        <main>
          <Page />
        </main>
      ),
    },
  ]);
  render(<Stub />);
  return screen.findByRole("main");
}

afterEach(() => {
  cleanup();
});

describe("classes given to primitives", () => {
  it("a saved wishlist heart shows the saved colours, on a card and on the product page", async () => {
    for (const saved of [false, true]) {
      const card = await renderPage(
        () => <ProductCard product={{ ...product, saleVariant: null, defaultVariant: variant }} />,
        { saved },
      );
      expect(conflictsIn(card)).toEqual([]);
      const heart = screen.getByRole("button", { name: "Save to wishlist: Whitening Pen" });
      expect(heart.getAttribute("aria-pressed")).toBe(String(saved));
      expect(heart.className.includes("border-coral")).toBe(saved);
      cleanup();

      const page = await renderPage(() => <ProductDetail product={product} pricing={pricing} />, {
        saved,
      });
      expect(conflictsIn(page)).toEqual([]);
      cleanup();
    }
  });

  it("a card's heart and the product page's heart keep their own sizes", async () => {
    const card = await renderPage(() => (
      <ProductCard product={{ ...product, saleVariant: null, defaultVariant: variant }} />
    ));
    expect(screen.getByRole("button", { name: /^Save to wishlist/ }).className).toMatch(
      /\bsize-10\b/,
    );
    expect(conflictsIn(card)).toEqual([]);
    cleanup();
    await renderPage(() => <ProductDetail product={product} pricing={pricing} />);
    expect(screen.getByRole("button", { name: /^Save to wishlist/ }).className).toMatch(
      /\bsize-12\b/,
    );
  });

  it("the checkout's fields keep the sizes the form gives them", async () => {
    const form = await renderPage(() => (
      <CheckoutForm
        profile={{ fullName: "Ada", email: "ada@example.com", phone: "" }}
        addresses={[]}
        deliveryOptions={[
          {
            id: "standard",
            name: "Standard delivery",
            standard: true,
            pricePence: 399,
            freeOverPence: 5000,
            minWorkingDays: 5,
            maxWorkingDays: 7,
            cutoffMinutes: 840,
            from: "2026-12-07",
            to: "2026-12-09",
          },
        ]}
        firstOrder
        offers={[]}
        pricingSettings={pricing}
        stripePublishableKey={null}
      />
    ));
    expect(conflictsIn(form)).toEqual([]);
    expect(screen.getByLabelText("Shipping address").className).toMatch(/\bh-12\b/);
    expect(screen.getByLabelText(/Notes/).className).toMatch(/\bmin-h-20\b/);
  });

  it("the account's destructive button is red through its own variant", async () => {
    const settings = await renderPage(() => <SettingsForms email="ada@example.com" />);
    expect(conflictsIn(settings)).toEqual([]);
    expect(screen.getByRole("button", { name: "Delete My Account" }).className).toMatch(
      /\bbg-coral-strong\b/,
    );
  });
});
