import { ensureAccount } from "@server/auth/accounts";
import { deleteAccount } from "@server/auth/delete-account";
import { getAuth } from "@server/auth/session";
import { products } from "@server/catalog/schema";
import { setDatabaseHandle } from "@server/db/connection";
import { env } from "@server/env";
import { wishlistItems } from "@server/wishlist/schema";
import {
  listWishlist,
  removeFromWishlist,
  saveToWishlist,
  wishlistProductIds,
} from "@server/wishlist/wishlist-service";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loader as wishlistLoader } from "../../app/routes/api.wishlist";
import { action as itemAction } from "../../app/routes/api.wishlist-item";
import { createProduct, sessionCookie } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("the wishlist on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  async function customer(email: string) {
    const { userId } = await ensureAccount(await getAuth(), db(), {
      email,
      password: "password-123",
      fullName: email,
      role: "customer",
    });
    return userId;
  }

  it("saves products once each, lists them newest saved first, and removes them", async () => {
    const ada = await customer("ada@example.com");
    const strips = await createProduct(db(), { name: "Strips" });
    const pen = await createProduct(db(), {
      name: "Pen",
      variants: [{ name: "Single", pricePence: 2499, stockQuantity: 3 }],
    });
    await saveToWishlist(db(), ada, strips.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveToWishlist(db(), ada, pen.id);
    // Saving again changes nothing (a double click, a second tab).
    await saveToWishlist(db(), ada, pen.id);

    expect(await wishlistProductIds(db(), ada)).toEqual([pen.id, strips.id]);
    const listed = await listWishlist(db(), ada);
    expect(listed.map((product) => product.name)).toEqual(["Pen", "Strips"]);
    expect(listed[0]?.defaultVariant).toMatchObject({ pricePence: 2499, stockQuantity: 3 });

    await removeFromWishlist(db(), ada, strips.id);
    await removeFromWishlist(db(), ada, strips.id);
    expect(await wishlistProductIds(db(), ada)).toEqual([pen.id]);
  });

  it("refuses unknown or withdrawn products, and hides a product withdrawn after saving", async () => {
    const ada = await customer("ada@example.com");
    const withdrawn = await createProduct(db(), { active: false });
    await expect(saveToWishlist(db(), ada, "no-such-product")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Product not found.",
    });
    await expect(saveToWishlist(db(), ada, withdrawn.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const later = await createProduct(db());
    await saveToWishlist(db(), ada, later.id);
    await db().update(products).set({ active: false }).where(eq(products.id, later.id));
    expect(await listWishlist(db(), ada)).toEqual([]);
    await db().update(products).set({ active: true }).where(eq(products.id, later.id));
    expect((await listWishlist(db(), ada)).map((product) => product.id)).toEqual([later.id]);
  });

  it("keeps each customer's wishlist their own and goes with a deleted account", async () => {
    const ada = await customer("ada@example.com");
    const bob = await customer("bob@example.com");
    const product = await createProduct(db());
    await saveToWishlist(db(), ada, product.id);
    expect(await wishlistProductIds(db(), bob)).toEqual([]);
    await removeFromWishlist(db(), bob, product.id);
    expect(await wishlistProductIds(db(), ada)).toEqual([product.id]);

    await deleteAccount(await getAuth(), db(), ada, "password-123");
    expect(await db().select().from(wishlistItems)).toEqual([]);
  });

  describe("through the API", () => {
    const request = (path: string, method: string, cookie?: string) =>
      new Request(`${env.BASE_URL}${path}`, {
        method,
        headers: cookie ? { Cookie: cookie } : {},
      });
    const item = (productId: string, method: string, cookie?: string) =>
      itemAction({
        request: request(`/api/wishlist/${productId}`, method, cookie),
        params: { productId },
      } as Parameters<typeof itemAction>[0]);
    const list = (cookie?: string) =>
      wishlistLoader({
        request: request("/api/wishlist", "GET", cookie),
        params: {},
      } as Parameters<typeof wishlistLoader>[0]);
    const refusal = (thrown: unknown) => thrown as Response;

    it("answers a guest 401 and changes nothing", async () => {
      const product = await createProduct(db());
      const guestList = refusal(await list().catch((thrown: unknown) => thrown));
      expect(guestList.status).toBe(401);
      expect(await guestList.json()).toEqual({ error: "Authentication required." });
      const guestSave = refusal(await item(product.id, "PUT").catch((thrown: unknown) => thrown));
      expect(guestSave.status).toBe(401);
      expect(await db().select().from(wishlistItems)).toEqual([]);
    });

    it("saves and removes for the signed-in customer only", async () => {
      await customer("ada@example.com");
      const bob = await customer("bob@example.com");
      const product = await createProduct(db());
      await saveToWishlist(db(), bob, product.id);
      const cookie = await sessionCookie("ada@example.com", "password-123");

      const saved = await item(product.id, "PUT", cookie);
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ productId: product.id, saved: true });
      expect(await (await list(cookie)).json()).toEqual({ productIds: [product.id] });

      const unknown = await item("no-such-product", "PUT", cookie);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: "Product not found." });
      const odd = await item("../../etc", "PUT", cookie);
      expect(odd.status).toBe(404);
      const wrongMethod = await item(product.id, "POST", cookie);
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("Allow")).toBe("PUT, DELETE");

      const removed = await item(product.id, "DELETE", cookie);
      expect(await removed.json()).toEqual({ productId: product.id, saved: false });
      expect(await (await list(cookie)).json()).toEqual({ productIds: [] });
      // Bob's saved product is untouched by Ada's requests.
      expect(await wishlistProductIds(db(), bob)).toEqual([product.id]);
    });
  });
});
