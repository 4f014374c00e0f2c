import { DELIVERY_AREA_MESSAGE, POSTCODE_MESSAGE } from "@common/customers/uk-address";
import { ensureAccount } from "@server/auth/accounts";
import { users } from "@server/auth/schema";
import { getAuth } from "@server/auth/session";
import { productVariants } from "@server/catalog/schema";
import { savedAddresses } from "@server/customers/address-book";
import { addresses } from "@server/customers/schema";
import { setDatabaseHandle } from "@server/db/connection";
import { env } from "@server/env";
import { orders } from "@server/orders/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { action as paymentIntent } from "../../app/routes/api.checkout.payment-intent";
import { action as confirm } from "../../app/routes/api.payments.test.confirm";
import { loader as successLoader } from "../../app/routes/success";
import { createProduct, sessionCookie } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The checkout's two HTTP endpoints as the browser calls them, on the process-wide configuration
// (demo mode: the offline test provider).

const customerDetails = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  shippingAddress: "1 Analytical Row, London N1 1AA",
};

describe.each(testDrivers)("checkout API on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  async function signedIn(email = "ada@example.com") {
    await ensureAccount(await getAuth(), db(), {
      email,
      password: "password-123",
      fullName: "Ada",
      role: "customer",
    });
    return sessionCookie(email, "password-123");
  }

  /** An action called as the router would; a thrown Response (a guard's refusal) is the answer. */
  async function post(
    handler: (args: { request: Request }) => Promise<Response>,
    path: string,
    body: unknown,
    cookie?: string,
  ): Promise<Response> {
    const request = new Request(`${env.BASE_URL}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    try {
      return await handler({ request });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }
  // The actions read only the request.
  const asHandler = (action: typeof paymentIntent | typeof confirm) =>
    action as unknown as (args: { request: Request }) => Promise<Response>;
  const intent = (body: unknown, cookie?: string) =>
    post(asHandler(paymentIntent), "/api/checkout/payment-intent", body, cookie);
  const pay = (body: unknown, cookie?: string) =>
    post(asHandler(confirm), "/api/payments/test/confirm", body, cookie);
  const card = (number: string) => ({ number, expiry: "12/40", cvc: "123" });

  it("refuses a guest with 401 and creates nothing", async () => {
    await createProduct(db(), { variants: [{ id: "v", stockQuantity: 3 }] });
    const response = await intent({ items: [{ variantId: "v", quantity: 1 }], customerDetails });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required." });
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("answers bad bodies with 400 and the reason", async () => {
    const cookie = await signedIn();
    const notJson = await intent("{nope", cookie);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The request body is not valid JSON." });
    const empty = await intent({ items: [], customerDetails }, cookie);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Your cart is empty" });
    const noAddress = await intent(
      {
        items: [{ variantId: "v", quantity: 1 }],
        customerDetails: { ...customerDetails, shippingAddress: " " },
      },
      cookie,
    );
    expect(await noAddress.json()).toEqual({ error: "Please enter your shipping address." });
    // Typed as one text, Jersey is refused as the checkout's form refuses it,
    // before anything is priced or VAT charged; so is an address without a postcode.
    for (const [shippingAddress, error] of [
      ["1 Rue de la Mer, St Helier, Jersey JE2 3AB", DELIVERY_AREA_MESSAGE],
      ["1 Analytical Row, London", POSTCODE_MESSAGE],
    ] as const) {
      const refused = await intent(
        {
          items: [{ variantId: "v", quantity: 1 }],
          customerDetails: { ...customerDetails, shippingAddress },
        },
        cookie,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error });
    }
    const badQuantity = await intent(
      { items: [{ variantId: "v", quantity: 0.5 }], customerDetails },
      cookie,
    );
    expect(badQuantity.status).toBe(400);
    // PostgreSQL refuses a NUL byte in text: it must never reach it (a 500 before).
    await createProduct(db(), { variants: [{ id: "v", stockQuantity: 3 }] });
    for (const field of ["fullName", "shippingAddress", "notes"]) {
      const withNul = await intent(
        {
          items: [{ variantId: "v", quantity: 1 }],
          customerDetails: { ...customerDetails, [field]: "Ada\u0000Lovelace" },
        },
        cookie,
      );
      expect(withNul.status, field).toBe(400);
      expect(await withNul.json()).toEqual({
        error: "Please remove the special characters from this field.",
      });
    }
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("pays with 4242 after a decline, and never takes a client's price", async () => {
    const cookie = await signedIn();
    await createProduct(db(), {
      name: "Pen",
      variants: [{ id: "pen", pricePence: 2499, stockQuantity: 2 }],
    });
    const created = await intent(
      { items: [{ variantId: "pen", quantity: 1, pricePence: 1 }], customerDetails, totalPence: 1 },
      cookie,
    );
    expect(created.status).toBe(200);
    const { clientSecret, orderId, totalPence } = await created.json();
    // £24.99 less 10% (£2.50) plus £3.99 shipping.
    expect(totalPence).toBe(2499 - 250 + 399);

    const declined = await pay({ clientSecret, card: card("4000 0000 0000 0002") }, cookie);
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({ error: "Your card was declined." });
    const expired = await pay(
      { clientSecret, card: { ...card("4242424242424242"), expiry: "01/20" } },
      cookie,
    );
    expect(await expired.json()).toEqual({
      error: "Your card's expiration date is invalid or in the past.",
    });
    const [pending] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(pending).toMatchObject({
      status: "pending",
      paymentError: "Your card's expiration date is invalid or in the past.",
    });

    // Someone else cannot pay (or probe) this order.
    const stranger = await signedIn("bob@example.com");
    expect((await pay({ clientSecret, card: card("4242424242424242") }, stranger)).status).toBe(
      404,
    );
    // A forged secret is refused.
    expect(
      (
        await pay(
          { clientSecret: `${clientSecret.slice(0, -2)}xx`, card: card("4242424242424242") },
          cookie,
        )
      ).status,
    ).toBe(400);

    const paid = await pay({ clientSecret, card: card("4242 4242 4242 4242") }, cookie);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: "succeeded", orderId });
    // Confirming again answers the same and changes nothing.
    expect(
      await (await pay({ clientSecret, card: card("4242424242424242") }, cookie)).json(),
    ).toEqual({
      status: "succeeded",
      orderId,
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "paid", totalPence: 2648, paymentError: null });

    // /success?order= shows the order to its owner only.
    const success = (cookie: string) =>
      (
        successLoader as unknown as (args: {
          request: Request;
          url: URL;
        }) => Promise<{ order: unknown }>
      )({
        request: new Request(`${env.BASE_URL}/success?order=${orderId}`, {
          headers: { Cookie: cookie },
        }),
        url: new URL(`${env.BASE_URL}/success?order=${orderId}`),
      });
    expect((await success(cookie)).order).toEqual({
      id: orderId,
      number: expect.stringMatching(/^GL-\d+$/),
      status: "paid",
      totalPence: 2648,
      giftCardPence: 0,
    });
    expect((await success(stranger)).order).toBeNull();
  });

  it("takes a structured UK address: the order's text, and remembered only when asked", async () => {
    const cookie = await signedIn();
    await createProduct(db(), { variants: [{ id: "v", stockQuantity: 5 }] });
    const { shippingAddress: _, ...contact } = customerDetails;
    const address = { line1: " 2 Lovelace Court ", line2: "", town: "Leeds", postcode: "ls14ap" };
    const wrong = await intent(
      {
        items: [{ variantId: "v", quantity: 1 }],
        customerDetails: { ...contact, address: { ...address, postcode: "LS1 XYZ" } },
      },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: "Please enter a valid UK postcode, for example SW1A 1AA.",
    });
    // Guernsey is outside UK VAT: refused before anything is priced (docs/decisions/052).
    const guernsey = await intent(
      {
        items: [{ variantId: "v", quantity: 1 }],
        customerDetails: { ...contact, address: { ...address, postcode: "GY1 1AA" } },
      },
      cookie,
    );
    expect(guernsey.status).toBe(400);
    expect(await guernsey.json()).toEqual({
      error: "We deliver to the UK mainland, Northern Ireland and the Isle of Man.",
    });
    expect(await db().select().from(orders)).toEqual([]);

    const forgetful = await intent(
      { items: [{ variantId: "v", quantity: 1 }], customerDetails: { ...contact, address } },
      cookie,
    );
    expect(forgetful.status).toBe(200);
    const [order] = await db().select().from(orders);
    expect(order?.shippingAddress).toBe("2 Lovelace Court\nLeeds\nLS1 4AP\nUnited Kingdom");
    expect(await db().select().from(addresses)).toEqual([]);

    const remembered = await intent(
      {
        items: [{ variantId: "v", quantity: 2 }],
        customerDetails: { ...contact, address, remember: true },
      },
      cookie,
    );
    expect(remembered.status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user?.phone).toBe("+44 7700 900123");
    expect(await savedAddresses(db(), user?.id ?? "")).toEqual([
      {
        id: expect.any(String),
        line1: "2 Lovelace Court",
        line2: "",
        town: "Leeds",
        postcode: "LS1 4AP",
      },
    ]);
  });

  it("answers 409 with the spec's message when stock runs out", async () => {
    const cookie = await signedIn();
    await createProduct(db(), { name: "Bundle", variants: [{ id: "b", stockQuantity: 1 }] });
    const response = await intent(
      { items: [{ variantId: "b", quantity: 2 }], customerDetails },
      cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "Not enough stock for Bundle. Only 1 left." });
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.id, "b"));
    expect(variant?.stockQuantity).toBe(1);
  });
});
