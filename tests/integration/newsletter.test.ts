import { NEWSLETTER_CONSENT } from "@common/newsletter/newsletter";
import { setDatabaseHandle } from "@server/db/connection";
import { emailOutbox } from "@server/email/schema";
import { env } from "@server/env";
import { DomainError } from "@server/errors";
import { newsletterSubscribers } from "@server/newsletter/schema";
import {
  confirmSubscription,
  signUp,
  subscriberByToken,
  subscribersCsv,
  unsubscribe,
} from "@server/newsletter/subscriptions";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { action as oneClick } from "../../app/routes/api.newsletter-unsubscribe";
import { testBrand } from "../factories";
import { openTestDatabase, testDrivers, useTestDatabase } from "../setup/test-database";

// The newsletter with double opt-in: an address given is pending and sent a link; only the
// link's owner subscribes it; every sign-up is answered alike; a marketing email carries its
// unsubscribe link and List-Unsubscribe headers, which work without signing in; the admin's CSV
// makes formula cells inert.

describe.each(testDrivers)("the newsletter on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let address = 0;
  // Each test signs up from its own client address: the limits count per address.
  const from = () => `10.9.0.${++address}`;

  const mailTo = (email: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(asc(emailOutbox.createdAt));
  const rowOf = async (email: string) => {
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    return row;
  };
  const linkIn = (text: string, path: string) => {
    const url = new RegExp(`${testBrand.baseUrl}${path}\\?token=([\\w-]+)`).exec(text);
    if (!url?.[1]) throw new Error(`no ${path} link in: ${text}`);
    return url[1];
  };

  it("keeps a sign-up pending with its proof of consent until the emailed link confirms it", async () => {
    const clientAddress = from();
    await signUp(db(), testBrand, {
      email: " Reader@Example.com ",
      sourcePage: "/faq",
      clientAddress,
    });
    const pending = await rowOf("reader@example.com");
    expect(pending).toMatchObject({
      status: "pending",
      sourcePage: "/faq",
      consentText: NEWSLETTER_CONSENT,
      confirmedAt: null,
    });
    const [confirmation] = await mailTo("reader@example.com");
    expect(confirmation?.kind).toBe("newsletter-confirmation");
    const token = linkIn(confirmation?.text ?? "", "/newsletter/confirm");
    expect(await subscriberByToken(db(), token)).toEqual({
      email: "reader@example.com",
      status: "pending",
    });

    expect(await confirmSubscription(db(), testBrand, token)).toEqual({
      email: "reader@example.com",
      status: "subscribed",
    });
    expect((await rowOf("reader@example.com"))?.confirmedAt).toBeInstanceOf(Date);
    // Used twice, the link changes nothing and welcomes no one again.
    await confirmSubscription(db(), testBrand, token);
    const mail = await mailTo("reader@example.com");
    expect(mail.map((message) => message.kind)).toEqual(["newsletter-confirmation", "newsletter"]);
    // The welcome is marketing: its own unsubscribe link, and the headers a mail app's button uses.
    const welcome = mail[1];
    expect(linkIn(welcome?.text ?? "", "/newsletter/unsubscribe")).toBe(token);
    expect(welcome?.headers).toEqual({
      "List-Unsubscribe": `<${testBrand.baseUrl}/api/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // A link the list never made confirms nothing.
    expect(await confirmSubscription(db(), testBrand, "made-up")).toBeNull();
  });

  it("answers every sign-up alike, sending nothing to an address already subscribed", async () => {
    const clientAddress = from();
    const email = "already@example.com";
    await signUp(db(), testBrand, { email, sourcePage: "/", clientAddress });
    const token = linkIn((await mailTo(email))[0]?.text ?? "", "/newsletter/confirm");
    await confirmSubscription(db(), testBrand, token);
    const before = (await mailTo(email)).length;
    // Resolves as a new address's sign-up does: the caller cannot tell the two apart.
    await expect(
      signUp(db(), testBrand, { email, sourcePage: "/store", clientAddress }),
    ).resolves.toBeUndefined();
    expect((await mailTo(email)).length).toBe(before);
    expect(await rowOf(email)).toMatchObject({ status: "subscribed", sourcePage: "/" });
  });

  it("sends a pending address its link again, three times an hour at most", async () => {
    const email = "again@example.com";
    for (let attempt = 0; attempt < 5; attempt++) {
      await signUp(db(), testBrand, { email, sourcePage: "/", clientAddress: from() });
    }
    const mail = await mailTo(email);
    expect(mail).toHaveLength(3);
    // The same key in each: any of the links confirms.
    expect(new Set(mail.map((message) => linkIn(message.text, "/newsletter/confirm"))).size).toBe(
      1,
    );
  });

  it("counts every +tag of an address as its one mailbox: three links an hour in all", async () => {
    for (let tag = 0; tag < 5; tag++) {
      await signUp(db(), testBrand, {
        email: `flood+${tag}@example.com`,
        sourcePage: "/",
        clientAddress: from(),
      });
    }
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.toAddress, "flood%@example.com"));
    expect(sent).toHaveLength(3);
  });

  it("refuses a client address past ten sign-ups an hour, with the limit's message", async () => {
    const clientAddress = from();
    for (let attempt = 0; attempt < 10; attempt++) {
      await signUp(db(), testBrand, {
        email: `flood-${attempt}@example.com`,
        sourcePage: "/",
        clientAddress,
      });
    }
    const refused = signUp(db(), testBrand, {
      email: "flood-10@example.com",
      sourcePage: "/",
      clientAddress,
    });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toThrow("Too many sign-ups from here. Please try again later.");
    expect(await rowOf("flood-10@example.com")).toBeUndefined();
  });

  it("unsubscribes by the link without signing in, and an old link never signs up again", async () => {
    const email = "leaving@example.com";
    await signUp(db(), testBrand, { email, sourcePage: "/", clientAddress: from() });
    const token = linkIn((await mailTo(email))[0]?.text ?? "", "/newsletter/confirm");
    await confirmSubscription(db(), testBrand, token);

    expect(await unsubscribe(db(), token)).toEqual({ email, status: "unsubscribed" });
    const left = await rowOf(email);
    expect(left?.unsubscribedAt).toBeInstanceOf(Date);
    // Again: the same answer, the first moment kept.
    expect(await unsubscribe(db(), token)).toEqual({ email, status: "unsubscribed" });
    expect((await rowOf(email))?.unsubscribedAt).toEqual(left?.unsubscribedAt);
    expect(await confirmSubscription(db(), testBrand, token)).toEqual({
      email,
      status: "unsubscribed",
    });

    // Signing up again: a new key; the old confirmation link stays dead.
    await signUp(db(), testBrand, { email, sourcePage: "/about", clientAddress: from() });
    const fresh = await rowOf(email);
    expect(fresh).toMatchObject({ status: "pending", unsubscribedAt: null });
    expect(fresh?.token).not.toBe(token);
    expect(await confirmSubscription(db(), testBrand, token)).toBeNull();
    expect((await rowOf(email))?.status).toBe("pending");
  });

  it("exports the list as CSV with formula cells made inert", async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([
        {
          email: "=hyperlink(1)@example.com",
          token: "csv-1",
          status: "subscribed",
          sourcePage: "/",
          consentText: "Deals, tips",
          signedUpAt: new Date("2026-11-20T09:58:00Z"),
          confirmedAt: new Date("2026-11-20T10:00:00Z"),
        },
        {
          email: "plain@example.com",
          token: "csv-2",
          status: "pending",
          sourcePage: "+page",
          consentText: "Deals",
          signedUpAt: new Date("2026-11-19T09:00:00Z"),
        },
      ]);
    const all = (await subscribersCsv(db(), "")).split("\r\n");
    expect(all[0]).toBe("Email,Status,Signed up,Confirmed,Unsubscribed,Page,Consent");
    expect(all.slice(1)).toEqual([
      `'=hyperlink(1)@example.com,subscribed,2026-11-20 09:58,2026-11-20 10:00,,/,"Deals, tips"`,
      "plain@example.com,pending,2026-11-19 09:00,,,'+page,Deals",
      "",
    ]);
    const subscribed = await subscribersCsv(db(), "subscribed");
    expect(subscribed).not.toContain("plain@example.com");
    const pending = await subscribersCsv(db(), "pending");
    expect(pending).toContain("'+page");
  });
});

describe.each(testDrivers)("the one-click unsubscribe on %s", (driver) => {
  afterAll(() => setDatabaseHandle(undefined));

  it("takes the token's address off the list from a bare post, and says 404 to a made-up one", async () => {
    const handle = await openTestDatabase(driver);
    setDatabaseHandle(handle);
    try {
      await handle.db.insert(newsletterSubscribers).values({
        email: "oneclick@example.com",
        token: "one-click-token",
        status: "subscribed",
        sourcePage: "/",
        consentText: "Deals",
      });
      const post = (token: string) => {
        const url = `${env.BASE_URL}/api/newsletter/unsubscribe?token=${token}`;
        return oneClick({
          request: new Request(url, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
          params: {},
        } as unknown as Parameters<typeof oneClick>[0]);
      };
      const done = await post("one-click-token");
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ ok: true });
      const [row] = await handle.db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.token, "one-click-token"));
      expect(row?.status).toBe("unsubscribed");
      expect((await post("one-click-token")).status).toBe(200);
      expect((await post("made-up")).status).toBe(404);
    } finally {
      await handle.close();
    }
  });
});
