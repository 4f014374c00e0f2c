import { setDatabaseHandle } from "@server/db/connection";
import { env } from "@server/env";
import { shopLoadContext } from "@server/http/load-context";
import { logger, withLogFields } from "@server/logger";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loader } from "../../app/routes/dashboard.admin-orders-export";
import { openTestDatabase, testDrivers } from "../setup/test-database";

// the orders export answers 400 to a date it cannot read (0000-01-01 reached
// PostgreSQL, which has no year 0: a 500, or a 200 cut short), and a failure once the download has
// begun is logged as one line carrying the request's id, with the connection ended so the
// download shows as failed: never a 200 logged over a raw stack.

type Args = Parameters<typeof loader>[0];

function exportLoader(search: string, abortConnection: () => void) {
  const url = new URL(`${env.BASE_URL}/dashboard/admin-orders/export${search}`);
  return loader({
    request: new Request(url),
    url,
    params: {},
    context: shopLoadContext({ cspNonce: "", clientAddress: null, abortConnection }),
  } as unknown as Args);
}

describe.each(testDrivers)("the orders export route on %s", (driver) => {
  afterAll(() => setDatabaseHandle(undefined));

  it("refuses a date it cannot read with 400, naming the bound", async () => {
    const handle = await openTestDatabase(driver);
    setDatabaseHandle(handle);
    try {
      for (const [search, bound] of [
        ["?from=0000-01-01", "from"],
        ["?from=2026-01-01&to=2026-02-31", "to"],
      ] as const) {
        const response = await exportLoader(search, () => {});
        expect(response.status, search).toBe(400);
        expect(await response.text()).toBe(`Enter the ${bound} date as a day, YYYY-MM-DD.`);
      }
    } finally {
      await handle.close();
    }
  });

  it("logs a failure after the download began as one line with the request's id, and ends it", async () => {
    const handle = await openTestDatabase(driver);
    setDatabaseHandle(handle);
    const logged: Array<{ fields: Record<string, unknown>; line: unknown; message: unknown }> = [];
    const child = vi.spyOn(logger, "child").mockImplementation((fields) => {
      const fake = {
        error: (line: unknown, message: unknown) => logged.push({ fields, line, message }),
      };
      return fake as unknown as ReturnType<typeof logger.child>;
    });
    const abort = vi.fn();
    try {
      const response = await withLogFields({ reqId: "req-export-1" }, () =>
        exportLoader("?status=paid", abort),
      );
      expect(response.status).toBe(200);
      // The database goes away after the headers went out: the first batch fails.
      await handle.close();
      const text = await response.text();
      expect(text.trim()).toMatch(/^\uFEFF?Order,Placed,Status/);
      expect(text.trim().split("\n")).toHaveLength(1);
      expect(logged).toEqual([
        {
          fields: { reqId: "req-export-1" },
          line: expect.objectContaining({
            err: expect.any(Error),
            path: "/dashboard/admin-orders/export",
          }),
          message: "the orders export failed while it was sent",
        },
      ]);
      expect(abort).toHaveBeenCalledTimes(1);
    } finally {
      child.mockRestore();
    }
  });
});
