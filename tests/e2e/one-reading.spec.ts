import type { APIRequestContext, Page } from "@playwright/test";
import { logInAs } from "./account-fixtures";
import { adminPage } from "./admin-fixtures";
import { placePaidOrder } from "./cart-fixtures";
import { expect, gotoHydrated, test } from "./fixtures";
import { filled, hasAction, tableRoutes } from "./route-table";

// A request is authorised on what runs (docs/decisions/076-authorised-on-what-runs.md): the guard
// and the action read one reading of the body, and a body that names a field twice is refused
// (400) by every form action and JSON API, before anything runs. The review's reproduction first
// (a packer cancelling, refunding and emailing a paid order by naming `intent` twice), then the
// whole route table.

const SENT_TWICE = (name: string) =>
  `The field “${name}” was sent more than once. Send each field once.`;

const PACKER = ["packer@example.com", "packer-password-1"] as const;

type Fields = [string, string][];

async function post(
  request: APIRequestContext,
  origin: string,
  address: string,
  fields: Fields,
  multipart: boolean,
) {
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return request.post(address, { multipart: form, headers: { Origin: origin }, maxRedirects: 0 });
  }
  return request.post(address, {
    data: new URLSearchParams(fields).toString(),
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
}

/** What the owner's order page says of the order's money and history. */
async function orderRecord(admin: Page, orderId: string) {
  await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
  const payment = admin.getByRole("region", { name: "Payment" });
  const history = admin.getByRole("region", { name: "History" });
  await expect(history).toBeVisible();
  return { payment: await payment.textContent(), history: await history.textContent() };
}

test("a packer cannot cancel, refund or email an order by naming the intent twice", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { orderId } = await placePaidOrder(page, "intent-twice");
  const admin = await adminPage(browser, page);
  const before = await orderRecord(admin, orderId);
  const packer = await (
    await browser.newContext({ baseURL: new URL(page.url()).origin })
  ).newPage();
  await logInAs(packer, ...PACKER);
  const origin = new URL(packer.url()).origin;
  const address = `/dashboard/admin-orders/${orderId}`;
  // Each refused action with the fields it needs to run, beside one the packer may do.
  const attacks: { allowed: string; refused: string; fields: Fields }[] = [
    {
      allowed: "fulfil",
      refused: "cancel",
      fields: [
        ["status", "paid"],
        ["refundPence", "7198"],
        ["reason", "Changed my mind"],
      ],
    },
    {
      allowed: "fulfil",
      refused: "refund",
      fields: [
        ["status", "paid"],
        ["amount", "71.98"],
        ["reason", "Refund"],
      ],
    },
    {
      allowed: "deliver",
      refused: "message",
      fields: [
        ["subject", "About your order"],
        ["body", "Sent by a packer."],
      ],
    },
  ];
  for (const { allowed, refused, fields } of attacks) {
    for (const to of [address, `${address}.data`]) {
      for (const multipart of [false, true]) {
        const said = `${to} ${multipart ? "multipart" : "urlencoded"} ${refused}`;
        // Plainly: refused by the role's grant.
        const plain = await post(
          packer.request,
          origin,
          to,
          [["intent", refused], ...fields],
          multipart,
        );
        expect(plain.status(), said).toBe(403);
        for (const intents of [
          [allowed, refused],
          [refused, allowed],
        ]) {
          const twice: Fields = [
            ...intents.map((intent): [string, string] => ["intent", intent]),
            ...fields,
          ];
          const answer = await post(packer.request, origin, to, twice, multipart);
          expect(answer.status(), `${said} ${intents.join("+")}`).toBe(400);
          // Said as it is, in the data or on the admin's error page.
          expect(await answer.text()).toContain(SENT_TWICE("intent"));
        }
      }
    }
  }
  // Nothing changed: the same money, the same history.
  expect(await orderRecord(admin, orderId)).toEqual(before);
});

test("every form action refuses a form that names a field twice (400)", async ({
  page,
  request,
}) => {
  await logInAs(page, "admin@example.com", "admin-password-1");
  const origin = new URL(page.url()).origin;
  const actions = tableRoutes.filter(
    ({ path, file }) => hasAction(file) && !path.startsWith("/api/"),
  );
  expect(actions.length).toBeGreaterThan(15);
  for (const { path, file } of actions) {
    const address = `${filled(path, path.startsWith("/product/") ? "prod1" : "x")}.data`;
    const fields: Fields = [
      ["intent", "save"],
      ["status", "paid"],
      ["status", "cancelled"],
    ];
    for (const multipart of [false, true]) {
      let response = await post(page.request, origin, address, fields, multipart);
      // A page only a guest uses (logging in, resetting a password) sends the admin away before
      // reading anything: a guest's post reaches its action.
      if (response.status() !== 400)
        response = await post(request, origin, address, fields, multipart);
      const said = `POST ${address} ${multipart ? "multipart" : "urlencoded"} (${file})`;
      expect(response.status(), said).toBe(400);
      expect(await response.text(), said).toContain(SENT_TWICE("status"));
    }
  }
});

test("every JSON API refuses a body that names a key twice (400)", async ({ page }) => {
  await logInAs(page, "customer@example.com", "customer-password-1");
  const origin = new URL(page.url()).origin;
  const apis = tableRoutes.filter(({ path, file }) => hasAction(file) && path.startsWith("/api/"));
  expect(apis.length).toBeGreaterThan(8);
  // Nested, as a checkout's lines are: the key twice inside an object of a list.
  const body =
    '{"items":[{"variantId":"prod1-single","quantity":1,"quantity":9}],"email":"a@b.example"}';
  for (const { path, file } of apis) {
    // The webhook reads its raw body for Stripe's signature, and refuses it unsigned.
    if (file.endsWith("api.webhooks.stripe.ts")) continue;
    const address = filled(path, "prod1");
    const response = await page.request.post(address, {
      headers: { Origin: origin, "Content-Type": "application/json" },
      data: body,
      maxRedirects: 0,
    });
    // An API that takes no POST says so first; one that does refuses the body.
    expect([400, 405], `POST ${address} (${file})`).toContain(response.status());
    if (response.status() === 400) {
      expect(await response.json(), `POST ${address} (${file})`).toEqual({
        error: SENT_TWICE("quantity"),
      });
    }
  }
  // The accounts' endpoints open to a client (better-auth's sign-out, under /api/auth) are held
  // to the same rule before the library reads them.
  const signOut = await page.request.post("/api/auth/sign-out", {
    headers: { Origin: origin, "Content-Type": "application/json" },
    data: '{"scope":"this","scope":"all"}',
  });
  expect(signOut.status()).toBe(400);
  expect((await signOut.json()).message).toBe(SENT_TWICE("scope"));
});
