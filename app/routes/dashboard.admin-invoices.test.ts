import { describe, expect, it, vi } from "vitest";

// The period's limits are checked before anything is read (the database handle here is never
// used); what it holds is drawn against real databases in tests/integration/invoices.test.ts and
// tests/e2e/documents-admin.spec.ts.
vi.mock("@server/db/connection", () => ({ getDb: async () => ({}) }));
const { loader } = await import("./dashboard.admin-invoices");

const ask = (query: string) => {
  const url = new URL(`http://shop.test/dashboard/admin-orders/invoices?${query}`);
  return loader({ url, request: new Request(url), params: {} } as unknown as Parameters<
    typeof loader
  >[0]) as Promise<Response>;
};

describe("the invoices of a period", () => {
  it("refuses more than a year at once, saying what to do", async () => {
    const answer = await ask("from=01/01/2025&to=02/01/2026");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe(
      "Choose at most 366 days at once: download a longer period in parts.",
    );
  });

  it("refuses a day that is not one, and a last day before the first", async () => {
    expect(await (await ask("from=31/02/2026&to=01/03/2026")).text()).toBe(
      "Enter the first and the last day as dd/mm/yyyy.",
    );
    expect(await (await ask("from=02/03/2026&to=01/03/2026")).text()).toBe(
      "The last day cannot come before the first.",
    );
  });
});
