import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The probe of the axe check every page state goes through (./fixtures.ts): a page with an image
// without a text alternative and a button without a name fails it, naming both.
test("the axe check fails a page with a critical violation", async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></body></html>',
  );
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => "passed",
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("button-name");
});
