import type { DatabaseHandle } from "@server/db/client";
import { LISTENER_APPLICATION_NAME } from "@server/db/postgres-listener";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectAgain, everyDriver, useTestDatabase } from "../setup/test-database";

// Notifications between the shop's processes (DatabaseHandle.listen): what keeps every instance's
// caches right when another instance changes the shop.

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const notify = (handle: DatabaseHandle, payload: string) =>
  handle.db.execute(sql`select pg_notify('test_channel', ${payload})`);

describe.each(everyDriver)("listening for changes on %s", (driver) => {
  const database = useTestDatabase(driver);

  it("hands over each committed notification with its payload, none of a rolled-back one, and is caught up after", async () => {
    const heard: (string | undefined)[] = [];
    const listening = await database.handle().listen("test_channel", (payload) => {
      heard.push(payload);
    });
    expect(listening.live()).toBe(true);
    await notify(database.handle(), "one");
    await database
      .db()
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('test_channel', 'never')`);
        tx.rollback();
      })
      .catch(() => {});
    await database.db().execute(sql`select pg_notify('other_channel', 'elsewhere')`);
    // Committed before the call: heard by the time caughtUp resolves, without waiting.
    expect(await listening.caughtUp()).toBe(true);
    expect(heard).toEqual(["one"]);
    await listening.stop();
    await notify(database.handle(), "after stop");
    expect(await listening.caughtUp()).toBe(true);
    expect(heard).toEqual(["one"]);
  });
});

describe.runIf(everyDriver.includes("postgres"))("listening across instances on PostgreSQL", () => {
  const database = useTestDatabase("postgres");

  it("hears what another instance notifies, and once caught up has heard all committed before", async () => {
    const other = await connectAgain(database.handle());
    try {
      const heard: (string | undefined)[] = [];
      const listening = await database.handle().listen("test_channel", (payload) => {
        heard.push(payload);
      });
      for (let round = 0; round < 20; round++) {
        await notify(other, `change ${round}`);
        expect(await listening.caughtUp()).toBe(true);
        expect(heard.at(-1)).toBe(`change ${round}`);
      }
      expect(heard).toHaveLength(20);
    } finally {
      await other.close();
    }
  });

  it("after losing its connection it is not live, reconnects by itself, and says it may have missed something", async () => {
    const heard: (string | undefined)[] = [];
    const listening = await database.handle().listen("test_channel", (payload) => {
      heard.push(payload);
    });
    // The server ends the listening connection (a restart or a failover does the same).
    const ended = (await database.db().execute(sql`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`)) as unknown as {
      rows: unknown[];
    };
    expect(ended.rows.length).toBeGreaterThan(0);
    await until(() => !listening.live());
    expect(await listening.caughtUp()).toBe(false);
    expect(heard).toContain(undefined);
    await notify(database.handle(), "while away");
    await until(() => listening.live());
    // Back: told once more that something may have changed, then hears new notifications.
    expect(heard.filter((payload) => payload === undefined).length).toBeGreaterThanOrEqual(2);
    await notify(database.handle(), "back");
    expect(await listening.caughtUp()).toBe(true);
    expect(heard.at(-1)).toBe("back");
    await listening.stop();
  });
});
