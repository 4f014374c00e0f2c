import type { Browser, Page } from "@playwright/test";
import { logInAs } from "./account-fixtures";
import { isPhone } from "./fixtures";

export const ADMIN = ["admin@example.com", "admin-password-1"] as const;

/** The admin, in a browser of their own (the customer's stays signed in as the customer). */
export async function adminPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: isPhone(page),
    hasTouch: isPhone(page),
  });
  const admin = await context.newPage();
  await logInAs(admin, ...ADMIN);
  return admin;
}

/** Goes to a section through the admin's menu (behind its button on a phone). */
export async function openSection(page: Page, name: string) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Admin menu" }).click();
  }
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name }).click();
}
