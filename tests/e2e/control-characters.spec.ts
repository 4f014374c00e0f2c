import { logInAs } from "./account-fixtures";
import { expect, test } from "./fixtures";
import { filled, hasAction, tableRoutes as walked } from "./route-table";

// one rule at the boundary refuses control characters (NUL above all, which
// PostgreSQL refuses in text) in every address and every body the shop accepts, with 400 and the
// shop's message, never a 500. This walks the route table itself (app/routes.ts): every route's
// parameters and a query on every page, and every route module with an action gets a form (or,
// under /api, a JSON body) holding a NUL. A route added tomorrow is walked too.

const NUL = "\u0000";
const FORM_REFUSED = "Please remove the special characters from this field.";

test.describe("control characters at the boundary", () => {
  test("every route parameter and query holding a NUL is refused with 400", async ({ page }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    const withParameters = walked.filter(({ path }) => path.includes(":"));
    expect(withParameters.length).toBeGreaterThan(5);
    for (const { path } of withParameters) {
      const response = await page.request.get(filled(path, "%00"), { maxRedirects: 0 });
      expect(response.status(), `GET ${filled(path, "%00")}`).toBe(400);
    }
    for (const { path } of walked) {
      const address = `${filled(path, "x")}?q=a%00b`;
      const response = await page.request.get(address, { maxRedirects: 0 });
      expect(response.status(), `GET ${address}`).toBe(400);
    }
    // The two the attack review found, by name.
    for (const address of ["/dashboard/admin-orders/%00", "/dashboard/admin-products/%00"]) {
      expect((await page.request.get(address)).status(), address).toBe(400);
    }
  });

  // A path segment that is not valid percent-encoding is refused where the address is read, so
  // no route, guard or cache has to decode it.
  test("a malformed percent-escape in any route parameter is 400, never 500", async ({
    page,
    request,
  }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    const origin = new URL(page.url()).origin;
    const withParameters = walked.filter(({ path }) => path.includes(":"));
    for (const { path } of withParameters) {
      for (const malformed of ["%zz", "%E0%A4%A"]) {
        const address = filled(path, malformed);
        for (const client of [page.request, request]) {
          // Refused where the address is read, before any route, guard or cache sees it.
          const read = await client.get(address, { maxRedirects: 0 });
          expect(read.status(), `GET ${address}`).toBe(400);
          const sent = await client.post(address, {
            form: { intent: "save" },
            headers: { Origin: origin },
            maxRedirects: 0,
          });
          expect(sent.status(), `POST ${address}`).toBe(400);
        }
      }
    }
  });

  test("every action refuses a body holding a NUL with 400 and the shop's message", async ({
    page,
    request,
  }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    const origin = new URL(page.url()).origin;
    const actions = walked.filter(({ file }) => hasAction(file));
    expect(actions.length).toBeGreaterThan(15);
    for (const { path, file } of actions) {
      const address = filled(path, path.startsWith("/product/") ? "prod1" : "x");
      if (path.startsWith("/api/")) {
        // The webhook reads its raw body for Stripe's signature, and refuses it unsigned.
        if (file.endsWith("api.webhooks.stripe.ts")) continue;
        const response = await page.request.post(address, {
          headers: { Origin: origin, "Content-Type": "application/json" },
          data: JSON.stringify({ name: `a${NUL}b`, items: [{ variantId: NUL }] }),
          maxRedirects: 0,
        });
        // An API that takes no POST says so first; one that does refuses the body for the NUL.
        expect([400, 405], `POST ${address} (${file})`).toContain(response.status());
        if (response.status() === 400) {
          expect(await response.json(), `POST ${address} (${file})`).toEqual({
            error: FORM_REFUSED,
          });
        }
        continue;
      }
      // Posted as a fetcher posts it (`.data`): the action's own answer comes back.
      const post = {
        headers: { Origin: origin },
        form: { intent: "save", name: `Shop${NUL}name`, reason: `r${NUL}` },
        maxRedirects: 0,
      };
      let response = await page.request.post(`${address}.data`, post);
      // A page only a guest uses (logging in, resetting a password) sends the admin away before
      // reading anything: a guest's post reaches its action.
      if (response.status() !== 400) response = await request.post(`${address}.data`, post);
      expect(response.status(), `POST ${address} (${file})`).toBe(400);
      // Refused for the NUL itself, before the action looks at what it was asked to do.
      expect(await response.text(), `POST ${address} (${file})`).toContain(FORM_REFUSED);
    }
  });

  test("a form's answer names the field and says what to do", async ({ page }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    const origin = new URL(page.url()).origin;
    // As a fetcher posts it: the action's data, not a page.
    const response = await page.request.post("/dashboard/admin-settings.data", {
      headers: { Origin: origin },
      form: { intent: "save-settings", shopName: `Gleam${NUL}` },
    });
    expect(response.status()).toBe(400);
    const body = await response.text();
    expect(body).toContain(FORM_REFUSED);
    expect(body).toContain("shopName");
  });
});
