import type { Page } from "@playwright/test";

// The checkout form as a customer fills it: their details, then a test card.

export async function fillDetails(page: Page) {
  const main = page.getByRole("main");
  await main.getByLabel("Phone").fill("+44 7700 900123");
  await main.getByLabel("Shipping address").fill("1 Analytical Row");
  await main.getByLabel("Town or city").fill("London");
  await main.getByLabel("Postcode").fill("N1 1AA");
}

export async function fillCard(page: Page, number: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Card number").fill(number);
  await main.getByLabel("Expiry").fill("12 / 34");
  await main.getByLabel("CVC").fill("123");
}
