import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { queuePurges } from "@server/cache/purge-jobs";
import type { BlogPostInput } from "@server/content/blog-form";
import {
  deleteBlogPost,
  getAdminPost,
  publishedPost,
  publishedPosts,
  saveBlogPost,
} from "@server/content/blog-posts";
import { pageDefaults } from "@server/content/page-defaults";
import { getPage, pageHistory, restorePage, savePage } from "@server/content/pages";
import { pageVersions } from "@server/content/schema";
import { DomainError } from "@server/errors";
import { jobs } from "@server/jobs/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The shop's words in the admin (docs/decisions/074-the-shops-words-in-the-database.md): pages
// saved as versions, restored as new ones, refused from an older one; blog posts drafted,
// scheduled and published; every stored HTML sanitised; each change purging its pages.

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });

const post = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: "Tea and teeth",
  slug: "tea-and-teeth",
  excerpt: "Rinse after your cup.",
  bodyHtml: '<h2>Rinse</h2><p onclick="x()">Water helps.<script>alert(1)</script></p>',
  coverImageUrl: "/images/blog/whitening-myths.svg",
  coverImageAlt: "A tooth",
  seoTitle: null,
  seoDescription: null,
  publish: "draft",
  ...overrides,
});

describe.each(testDrivers)("the shop's pages and blog on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  afterEach(async () => {
    queuePurges(false);
    await db().delete(jobs);
  });

  async function admin() {
    return adminActor(await createCustomer(db()));
  }

  it("shows the starting text, then each save, and restores an earlier version as a new one", async () => {
    const actor = await admin();
    expect((await getPage(db(), "faq")).version).toBe(0);
    const edited = {
      title: "Questions",
      questions: [
        { question: "Safe?", answerHtml: '<p>Yes<img src="https://evil.example/x"></p>' },
      ],
    };
    await savePage(db(), actor, "faq", edited, 0);
    const shown = await getPage(db(), "faq");
    expect(shown.version).toBe(1);
    expect(shown.content.questions).toEqual([{ question: "Safe?", answerHtml: "<p>Yes</p>" }]);

    await restorePage(db(), actor, "faq", 0, 1);
    const restored = await getPage(db(), "faq");
    expect(restored.version).toBe(2);
    expect(restored.content).toEqual(pageDefaults.faq);
    expect((await pageHistory(db(), "faq")).map((entry) => entry.restoredFrom)).toEqual([
      0,
      null,
      null,
    ]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.entityId, "faq"));
    expect(audited.map((row) => row.action).sort()).toEqual(["page.restored", "page.saved"]);
  });

  it("refuses a save from an older version and changes nothing", async () => {
    const actor = await admin();
    await savePage(db(), actor, "about", { ...pageDefaults.about, title: "First" }, 0);
    await expect(
      savePage(db(), actor, "about", { ...pageDefaults.about, title: "Second" }, 0),
    ).rejects.toEqual(
      refusal("This page changed since you opened it. Reload it to see the changes."),
    );
    const rows = await db().select().from(pageVersions).where(eq(pageVersions.page, "about"));
    expect(rows).toHaveLength(1);
  });

  it("queues a purge of the page it changed", async () => {
    queuePurges(true);
    await savePage(db(), await admin(), "terms-of-service", pageDefaults["terms-of-service"], 0);
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, "purge-cache"));
    expect(job?.payload).toEqual({ tags: "page-terms-of-service" });
  });

  it("keeps a draft off the blog, then publishes it with its HTML cleaned", async () => {
    const actor = await admin();
    const { id } = await saveBlogPost(db(), actor, post(), {});
    expect(await publishedPost(db(), "tea-and-teeth")).toBeNull();
    expect((await getAdminPost(db(), id)).bodyHtml).toBe("<h2>Rinse</h2><p>Water helps.</p>");

    queuePurges(true);
    await saveBlogPost(db(), actor, post({ publish: "now" }), { id, version: 1 });
    const shown = await publishedPost(db(), "tea-and-teeth");
    expect(shown?.title).toBe("Tea and teeth");
    expect((await publishedPosts(db())).map((each) => each.slug)).toContain("tea-and-teeth");
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, "purge-cache"));
    expect(job?.payload).toEqual({ tags: `blog blog-post-${id}` });
  });

  it("shows a scheduled post from its time on, in UK time", async () => {
    const actor = await admin();
    await saveBlogPost(db(), actor, post({ publish: "at", publishAt: "2030-07-01T09:00" }), {});
    expect(await publishedPost(db(), "tea-and-teeth")).toBeNull();
    const due = await publishedPost(db(), "tea-and-teeth", new Date("2030-07-01T08:00:00Z"));
    expect(due?.publishedAt.toISOString()).toBe("2030-07-01T08:00:00.000Z");
  });

  it("refuses a taken address, an outside or undescribed image and an older version", async () => {
    const actor = await admin();
    const { id } = await saveBlogPost(db(), actor, post(), {});
    await expect(saveBlogPost(db(), actor, post(), {})).rejects.toEqual(
      refusal("Another post uses this address: choose another."),
    );
    await expect(
      saveBlogPost(db(), actor, post({ slug: "other", coverImageUrl: "/images/nope.svg" }), {}),
    ).rejects.toEqual(refusal("Choose one of the shop's images or upload a new one."));
    await expect(
      saveBlogPost(
        db(),
        actor,
        post({ slug: "other", bodyHtml: '<p>x</p><img src="/images/blog/whitening-myths.svg">' }),
        {},
      ),
    ).rejects.toEqual(refusal("Describe each image in the text for people who cannot see it."));
    await saveBlogPost(db(), actor, post({ title: "Newer" }), { id, version: 1 });
    await expect(
      saveBlogPost(db(), actor, post({ title: "Older" }), { id, version: 1 }),
    ).rejects.toThrow(/changed since you opened it/);
    expect((await getAdminPost(db(), id)).title).toBe("Newer");
  });

  it("takes a deleted post off the blog", async () => {
    const actor = await admin();
    const { id } = await saveBlogPost(db(), actor, post({ publish: "now" }), {});
    await deleteBlogPost(db(), actor, id);
    expect(await publishedPost(db(), "tea-and-teeth")).toBeNull();
  });
});
