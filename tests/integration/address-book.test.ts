import { users } from "@server/auth/schema";
import {
  ADDRESS_BOOK_SIZE,
  forgetAddress,
  rememberDelivery,
  savedAddresses,
} from "@server/customers/address-book";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The customer's address book (docs/storefront.md, Checkout): what a checkout remembers, newest use
// first, a few at most, each customer's own.

const address = (line1: string, postcode = "LS1 4AP") => ({
  line1,
  line2: "",
  town: "Leeds",
  postcode,
});

describe.each(testDrivers)("the address book on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("keeps one entry per first line and postcode, moved to the top when used again", async () => {
    const customer = await createCustomer(db());
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
    await rememberDelivery(
      db(),
      customer,
      { address: address("1 Road"), phone: "0113 496 0000" },
      at(1),
    );
    await rememberDelivery(
      db(),
      customer,
      { address: address("2 Road"), phone: "0113 496 0000" },
      at(2),
    );
    await rememberDelivery(
      db(),
      customer,
      { address: { ...address("1 Road"), line2: "Flat 3" }, phone: "07700 900123" },
      at(3),
    );
    const book = await savedAddresses(db(), customer);
    expect(book.map((entry) => [entry.line1, entry.line2])).toEqual([
      ["1 Road", "Flat 3"],
      ["2 Road", ""],
    ]);
    const [user] = await db().select().from(users).where(eq(users.id, customer));
    expect(user?.phone).toBe("07700 900123");
  });

  it("holds a few at most: the oldest gives way", async () => {
    const customer = await createCustomer(db());
    for (let index = 1; index <= ADDRESS_BOOK_SIZE + 2; index++) {
      await rememberDelivery(
        db(),
        customer,
        { address: address(`${index} Road`), phone: "0113 496 0000" },
        new Date(Date.UTC(2026, 10, 27, 10, index)),
      );
    }
    const book = await savedAddresses(db(), customer);
    expect(book.map((entry) => entry.line1)).toEqual([
      "7 Road",
      "6 Road",
      "5 Road",
      "4 Road",
      "3 Road",
    ]);
  });

  it("forgets an address for its owner only", async () => {
    const ada = await createCustomer(db());
    const bob = await createCustomer(db());
    await rememberDelivery(db(), ada, { address: address("1 Road"), phone: "0113 496 0000" });
    const [entry] = await savedAddresses(db(), ada);
    expect(await forgetAddress(db(), bob, entry?.id ?? "")).toBe(false);
    expect(await savedAddresses(db(), ada)).toHaveLength(1);
    expect(await forgetAddress(db(), ada, entry?.id ?? "")).toBe(true);
    expect(await savedAddresses(db(), ada)).toEqual([]);
  });
});
