import type { Page } from "@playwright/test";

export async function chooseStars(page: Page, stars: number) {
  // The radio buttons are drawn as stars; their labels take the click.
  await page
    .getByRole("radio", { name: `${stars} ${stars === 1 ? "star" : "stars"}` })
    .check({ force: true });
}
