import { grantNeeded, type StaffRole, staffMay } from "../../common/auth/staff-access";
import { logInAs } from "./account-fixtures";
import { expect, test } from "./fixtures";
import { walkedRoutes } from "./staff-walk";

// Every admin screen, download and form action, tried as each staff role (docs/decisions/071):
// what the role's grant allows is let through (its page opens; its post reaches the action, which
// refuses the empty form or the address that names nothing, so nothing changes), and what it does
// not is refused before any loader or action runs: a page sent to /dashboard/no-access, a post 403. The demo shop's three staff accounts.

const staff: Record<StaffRole, readonly [string, string]> = {
  owner: ["admin@example.com", "admin-password-1"],
  manager: ["manager@example.com", "manager-password-1"],
  fulfilment: ["packer@example.com", "packer-password-1"],
};

for (const role of Object.keys(staff) as StaffRole[]) {
  test(`every admin screen and action, as ${role}`, async ({ page }) => {
    test.setTimeout(120_000);
    await logInAs(page, ...staff[role]);
    const origin = new URL(page.url()).origin;
    const seen: string[] = [];
    for (const route of walkedRoutes) {
      const pathname = new URL(route.open, origin).pathname;
      const allowed = staffMay(role, grantNeeded(pathname, null));
      // The page itself, and its data as the browser fetches it on a client-side navigation (a
      // redirect there is a 202 naming where to go). Refused: sent to /dashboard/no-access.
      const dataRequest = route.open.replace(/(\?|$)/, ".data$1");
      for (const address of [route.open, dataRequest]) {
        const response = await page.request.get(address, { maxRedirects: 0 });
        const status = response.status();
        // A data request's redirect is in its body (React Router's single fetch).
        const sentTo =
          response.headers().location ??
          (status === 202 ? /"(\/dashboard\/[^"]*)"/.exec(await response.text())?.[1] : undefined);
        seen.push(`GET ${address} ${status} ${sentTo ?? ""}`);
        if (allowed) {
          expect([200, 202, 302, 400, 404], `GET ${address}`).toContain(status);
          expect(sentTo ?? "", `GET ${address}`).not.toContain("no-access");
        } else {
          expect([202, 302], `GET ${address}`).toContain(status);
          expect(sentTo, `GET ${address}`).toBe("/dashboard/no-access");
        }
      }

      for (const intent of route.post ? (route.intents ?? []) : []) {
        const post = route.post ?? route.open;
        const may = staffMay(role, grantNeeded(new URL(post, origin).pathname, intent));
        const answer = await page.request.post(post, {
          form: intent ? { intent } : {},
          headers: { Origin: origin },
          maxRedirects: 0,
        });
        seen.push(`POST ${post} ${intent} ${answer.status()}`);
        // Let through: the action answers, and refuses what names nothing (4xx, never a change).
        if (may) {
          expect(answer.status(), `POST ${post} ${intent}`).toBeGreaterThanOrEqual(400);
          expect(answer.status(), `POST ${post} ${intent}`).toBeLessThan(500);
          expect(answer.status(), `POST ${post} ${intent}`).not.toBe(403);
        } else expect(answer.status(), `POST ${post} ${intent}`).toBe(403);
      }
    }
    test.info().annotations.push({ type: "walked", description: seen.join("\n") });
  });
}
