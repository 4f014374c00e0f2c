import { and, desc, eq } from "drizzle-orm";
import type { PageKey } from "../../common/content/pages";
import { type Actor, recordAudit } from "../audit/audit-log";
import { VERSION_MISSING } from "../audit/stale-save";
import { users } from "../auth/schema";
import { tagPage } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import { getDb } from "../db/connection";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { readEachUntilShopChanges, shopChanged } from "../events/shop-changed";
import { logger } from "../logger";
import { type PageContent, pageContentSchemas } from "./page-content";
import { pageDefaults } from "./page-defaults";
import { pageVersions } from "./schema";

// The shop's pages as the owner last saved them (docs/admin.md#pages; decision record 074): the
// newest row of page_versions, or the starting text until there is one. Every save and every
// restore is a new version, so the history never loses a word; a save from an older version than
// the newest is refused, as every admin editor refuses one (decision record 051).

const PAGE_MESSAGES = {
  changed: "This page changed since you opened it. Reload it to see the changes.",
  noVersion: "That version of the page no longer exists.",
} as const;

/** The cache tag of the pages that show `page` (the home page's announcement bar: every shop page). */
function pageTag(page: PageKey): string {
  return `page-${page}`;
}

export type ShownPage<K extends PageKey> = {
  content: PageContent<K>;
  /** 0 for the starting text. */
  version: number;
  savedAt: Date | null;
};

/** Page texts are few and change rarely: kept until the shop changes, at most this long. */
const PAGE_KEPT_MS = 60_000;

const keptPage = readEachUntilShopChanges(
  PAGE_KEPT_MS,
  16,
  (page: PageKey) => page,
  async (db: Database, page: PageKey): Promise<ShownPage<PageKey>> => {
    const [row] = await db
      .select({
        content: pageVersions.content,
        version: pageVersions.version,
        savedAt: pageVersions.savedAt,
      })
      .from(pageVersions)
      .where(eq(pageVersions.page, page))
      .orderBy(desc(pageVersions.version))
      .limit(1);
    if (!row) return { content: pageDefaults[page], version: 0, savedAt: null };
    // Read back through its schema: what is shown is sanitised again, whatever wrote the row.
    return {
      content: pageContentSchemas[page].parse(row.content),
      version: row.version,
      savedAt: row.savedAt,
    };
  },
);

/** The page as the storefront shows it now; the request's page is tagged with it. */
export async function getPage<K extends PageKey>(db: Database, page: K): Promise<ShownPage<K>> {
  tagPage(pageTag(page));
  return (await keptPage(db, page)) as ShownPage<K>;
}

/**
 * A page's text, or its starting text when the database cannot be read: for the home page, which
 * stays up without its database (docs/product.md#messages); the fault is logged.
 */
export async function pageOrStartingText<K extends PageKey>(page: K): Promise<PageContent<K>> {
  try {
    return (await getPage(await getDb(), page)).content;
  } catch (error) {
    logger.error({ err: error, page }, "a page's text failed to load");
    return pageDefaults[page];
  }
}

export type PageVersionView = {
  version: number;
  savedAt: Date | null;
  savedBy: string | null;
  restoredFrom: number | null;
};

/** Every version of a page, newest first, ending with the starting text (version 0). */
export async function pageHistory(db: Database, page: PageKey): Promise<PageVersionView[]> {
  const rows = await db
    .select({
      version: pageVersions.version,
      savedAt: pageVersions.savedAt,
      savedBy: users.name,
      restoredFrom: pageVersions.restoredFrom,
    })
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.savedBy))
    .where(eq(pageVersions.page, page))
    .orderBy(desc(pageVersions.version))
    .limit(100);
  return [...rows, { version: 0, savedAt: null, savedBy: null, restoredFrom: null }];
}

/** The page for its editor: the newest version read afresh (not the storefront's short cache). */
export async function pageForEditor<K extends PageKey>(db: Database, page: K) {
  const history = await pageHistory(db, page);
  const version = history[0]?.version ?? 0;
  return { content: await pageVersionContent(db, page, version), version, history };
}

/** One version's text: a stored one, or the starting text (0). */
export async function pageVersionContent<K extends PageKey>(
  db: Database,
  page: K,
  version: number,
): Promise<PageContent<K>> {
  if (version === 0) return pageDefaults[page];
  const [row] = await db
    .select({ content: pageVersions.content })
    .from(pageVersions)
    .where(and(eq(pageVersions.page, page), eq(pageVersions.version, version)));
  if (!row) throw new DomainError("NOT_FOUND", PAGE_MESSAGES.noVersion);
  return pageContentSchemas[page].parse(row.content) as PageContent<K>;
}

async function writeVersion(
  db: Database,
  actor: Actor,
  page: PageKey,
  content: unknown,
  opened: number | undefined,
  restoredFrom: number | null,
): Promise<{ version: number }> {
  if (opened === undefined) throw new DomainError("CONFLICT", VERSION_MISSING, "version");
  const checked = pageContentSchemas[page].parse(content);
  const saved = await db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ version: pageVersions.version })
      .from(pageVersions)
      .where(eq(pageVersions.page, page))
      .orderBy(desc(pageVersions.version))
      .limit(1);
    const current = newest?.version ?? 0;
    if (opened !== current) throw new DomainError("CONFLICT", PAGE_MESSAGES.changed);
    const version = current + 1;
    // Two saves from one version race to this insert: the key lets one through.
    const inserted = await tx
      .insert(pageVersions)
      .values({
        page,
        version,
        content: checked,
        savedBy: actor.type === "admin" ? actor.id : null,
        restoredFrom,
      })
      .onConflictDoNothing()
      .returning({ version: pageVersions.version });
    if (inserted.length === 0) throw new DomainError("CONFLICT", PAGE_MESSAGES.changed);
    await recordAudit(tx, {
      actor,
      action: restoredFrom === null ? "page.saved" : "page.restored",
      entity: { type: "page", id: page },
      after: { version, ...(restoredFrom === null ? {} : { restoredFrom }) },
    });
    await enqueuePurge(tx, [pageTag(page)]);
    return { version };
  });
  shopChanged();
  return saved;
}

/** Saves the admin's text as the page's newest version, if nothing was saved since `opened`. */
export function savePage(
  db: Database,
  actor: Actor,
  page: PageKey,
  content: unknown,
  opened: number | undefined,
): Promise<{ version: number }> {
  return writeVersion(db, actor, page, content, opened, null);
}

/** Saves an earlier version's text (0: the starting text) as the page's newest version. */
export async function restorePage(
  db: Database,
  actor: Actor,
  page: PageKey,
  version: number,
  opened: number | undefined,
): Promise<{ version: number }> {
  const content = await pageVersionContent(db, page, version);
  return writeVersion(db, actor, page, content, opened, version);
}
