import { describe, expect, it } from "vitest";
import { adminOrderSearch, defaultAdminOrderQuery } from "../../common/admin/admin-order-query";
import { parseAdminOrderQuery, unreadableDateBound } from "./admin-order-query";

describe("the admin's orders list as a URL, read on the server and written back", () => {
  it("reads a full state and writes it back", () => {
    const search = "?page=3&q=ada&status=paid&from=2026-10-01&to=2026-10-31&sort=total&dir=asc";
    const query = parseAdminOrderQuery(new URLSearchParams(search));
    expect(query).toEqual({
      page: 3,
      q: "ada",
      status: "paid",
      from: "2026-10-01",
      to: "2026-10-31",
      sort: "total",
      dir: "asc",
    });
    expect(adminOrderSearch(query)).toBe(search);
  });

  it("falls back to the defaults for what it cannot read, and leaves them out of the URL", () => {
    const query = parseAdminOrderQuery(
      new URLSearchParams("page=-2&status=lost&from=2026-02-31&to=yesterday&sort=id;drop&dir=up"),
    );
    expect(query).toEqual(defaultAdminOrderQuery);
    expect(adminOrderSearch(query)).toBe("");
  });

  it("reads days typed day first, and writes them back as the URL's days", () => {
    const query = parseAdminOrderQuery(new URLSearchParams("from=1/10/2026&to=31%2F10%2F2026"));
    expect([query.from, query.to]).toEqual(["2026-10-01", "2026-10-31"]);
    expect(adminOrderSearch(query)).toBe("?from=2026-10-01&to=2026-10-31");
    expect(unreadableDateBound(new URLSearchParams("from=31/02/2026"))).toBe("from");
  });

  it("trims the search and drops NUL bytes", () => {
    expect(parseAdminOrderQuery(new URLSearchParams("q=%20a%00b%20")).q).toBe("ab");
  });
});

describe("the export's date bounds", () => {
  it("names a bound that is not a day the shop can read, year 0 included", () => {
    expect(unreadableDateBound(new URLSearchParams("from=0000-01-01"))).toBe("from");
    expect(unreadableDateBound(new URLSearchParams("from=2026-01-01&to=2026-02-30"))).toBe("to");
    expect(unreadableDateBound(new URLSearchParams("to=tomorrow"))).toBe("to");
    expect(unreadableDateBound(new URLSearchParams("from=2026-01-01&to=2026-12-31"))).toBeNull();
    expect(unreadableDateBound(new URLSearchParams("from=&status=paid"))).toBeNull();
    // The list itself falls back to no bound, as for any unreadable value.
    expect(parseAdminOrderQuery(new URLSearchParams("from=0000-01-01")).from).toBe("");
  });
});
