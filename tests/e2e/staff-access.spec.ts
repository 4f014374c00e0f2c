import type { APIRequestContext, APIResponse } from "@playwright/test";
import { grantNeeded, type StaffRole, staffMay } from "../../common/auth/staff-access";
import { logInAs } from "./account-fixtures";
import { expect, test } from "./fixtures";
import { type WalkedRoute, walkedRoutes } from "./staff-walk";

// Every admin screen, download and form action, tried as each staff role and as a customer
// (docs/decisions/071, 076): what the role's grant allows is let through (its page opens; its post
// reaches the action, which refuses the empty form or the address that names nothing, so nothing
// changes), and what it does not is refused before any loader or action runs: a page sent to
// /dashboard/no-access (a customer to their own overview), a post 403. Each post is sent
// urlencoded and multipart, to the page's address and to its `.data` (as a fetcher sends it), and
// again with its intent named twice, in both orders beside an intent the role's grant treats the
// other way: a form naming a field twice is refused (400), whatever the order, and never runs.

type Who = StaffRole | "customer";

const accounts: Record<Who, readonly [string, string]> = {
  owner: ["admin@example.com", "admin-password-1"],
  manager: ["manager@example.com", "manager-password-1"],
  fulfilment: ["packer@example.com", "packer-password-1"],
  customer: ["customer@example.com", "customer-password-1"],
};

const SENT_TWICE = "was sent more than once";

const may = (who: Who, pathname: string, intent: string | null) =>
  who !== "customer" && staffMay(who, grantNeeded(pathname, intent));

/** A post's body, urlencoded or multipart, each pair a field (a name may come twice). */
function body(fields: readonly [string, string][], multipart: boolean) {
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return { multipart: form };
  }
  return {
    data: new URLSearchParams([...fields]).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

type Post = { address: string; fields: [string, string][]; multipart: boolean };

/** Each way a form's post may be sent: urlencoded or multipart, to the page or to its `.data`. */
function ways(address: string, fields: [string, string][]): Post[] {
  return [address, `${address}.data`].flatMap((to) =>
    [false, true].map((multipart) => ({ address: to, fields, multipart })),
  );
}

/** The intent beside which `intent` is named twice: one the role's grant treats the other way. */
function partnerOf(who: Who, route: WalkedRoute, intent: string, pathname: string): string {
  const others = (route.intents ?? []).filter((other) => other !== intent);
  const mine = may(who, pathname, intent);
  return (
    others.find((other) => may(who, pathname, other) !== mine) ??
    others[0] ??
    // An action of one intent: the same one twice.
    intent
  );
}

async function send(request: APIRequestContext, origin: string, post: Post): Promise<APIResponse> {
  const { headers, ...rest } = body(post.fields, post.multipart) as ReturnType<typeof body> & {
    headers?: Record<string, string>;
  };
  return request.post(post.address, {
    ...rest,
    headers: { Origin: origin, ...headers },
    maxRedirects: 0,
  });
}

/** Every post of the walk for one role, each with what it must be answered. */
function postsFor(who: Who, origin: string) {
  const posts: { post: Post; check: (answer: APIResponse, said: string) => void }[] = [];
  for (const route of walkedRoutes) {
    if (!route.post) continue;
    const pathname = new URL(route.post, origin).pathname;
    for (const intent of route.intents ?? []) {
      const allowed = may(who, pathname, intent);
      for (const post of ways(route.post, intent ? [["intent", intent]] : [])) {
        posts.push({
          post,
          check: (answer, said) => {
            // Let through: the action answers, and refuses what names nothing (4xx, no change).
            if (allowed) {
              expect(answer.status(), said).toBeGreaterThanOrEqual(400);
              expect(answer.status(), said).toBeLessThan(500);
              expect(answer.status(), said).not.toBe(403);
            } else expect(answer.status(), said).toBe(403);
          },
        });
      }
      const partner = partnerOf(who, route, intent, pathname);
      const eitherAllowed = allowed || may(who, pathname, partner);
      for (const order of [
        [intent, partner],
        [partner, intent],
      ]) {
        const fields = order.map((each): [string, string] => ["intent", each]);
        for (const post of ways(route.post, fields)) {
          posts.push({
            post,
            check: (answer, said) => {
              // A customer, or a role the screen is closed to, is refused before the body is
              // read; anyone else is refused for the field named twice. Never let through.
              expect([400, 403], said).toContain(answer.status());
              if (eitherAllowed) expect(answer.status(), said).toBe(400);
            },
          });
        }
      }
    }
  }
  return posts;
}

for (const who of Object.keys(accounts) as Who[]) {
  test(`every admin screen and action, as ${who}`, async ({ page }) => {
    test.setTimeout(180_000);
    await logInAs(page, ...accounts[who]);
    const origin = new URL(page.url()).origin;
    const seen: string[] = [];
    for (const route of walkedRoutes) {
      const pathname = new URL(route.open, origin).pathname;
      const allowed = may(who, pathname, null);
      // The page itself, and its data as the browser fetches it on a client-side navigation (a
      // redirect there is a 202 naming where to go). Refused: sent to /dashboard/no-access, or a
      // customer to their own overview.
      const dataRequest = route.open.replace(/(\?|$)/, ".data$1");
      for (const address of [route.open, dataRequest]) {
        const response = await page.request.get(address, { maxRedirects: 0 });
        const status = response.status();
        // A data request's redirect is in its body (React Router's single fetch).
        const sentTo =
          response.headers().location ??
          (status === 202 ? /"(\/dashboard[^"]*)"/.exec(await response.text())?.[1] : undefined);
        seen.push(`GET ${address} ${status} ${sentTo ?? ""}`);
        if (allowed) {
          expect([200, 202, 302, 400, 404], `GET ${address}`).toContain(status);
          expect(sentTo ?? "", `GET ${address}`).not.toContain("no-access");
        } else {
          expect([202, 302], `GET ${address}`).toContain(status);
          expect(sentTo, `GET ${address}`).toBe(
            who === "customer" ? "/dashboard" : "/dashboard/no-access",
          );
        }
      }
    }

    // The posts, a few at a time: each names nothing that exists, or is refused.
    const posts = postsFor(who, origin);
    expect(posts.length).toBeGreaterThan(600);
    const queue = [...posts];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { post, check } = next;
        const answer = await send(page.request, origin, post);
        const said = `POST ${post.address} ${post.multipart ? "multipart" : "urlencoded"} ${post.fields
          .map(([, value]) => value)
          .join("+")}: ${answer.status()}`;
        seen.push(said);
        check(answer, said);
        // A field named twice is refused for that, in so many words, where the answer is data.
        if (answer.status() === 400 && post.fields.length > 1 && post.address.endsWith(".data")) {
          expect(await answer.text(), said).toContain(SENT_TWICE);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    test.info().annotations.push({ type: "walked", description: seen.join("\n") });
  });
}
