import { describe, expect, it } from "vitest";
import { adminScreenAt, grantNeeded, staffMay, staffMayOpen } from "./staff-access";

describe("staff access", () => {
  it("lets each role through only where its grant holds", () => {
    expect(staffMay("owner", "settings")).toBe(true);
    expect(staffMay("manager", "settings")).toBe(false);
    expect(staffMay("manager", "orders")).toBe(true);
    expect(staffMay("fulfilment", "send")).toBe(true);
    expect(staffMay("fulfilment", "orders")).toBe(false);
    expect(staffMay(null, "send")).toBe(false);
  });

  it("finds a screen by its exact address before one with a parameter", () => {
    expect(adminScreenAt("/dashboard/admin-orders/export")?.view).toBe("orders");
    expect(adminScreenAt("/dashboard/admin-orders/packing-slips")?.view).toBe("send");
    expect(adminScreenAt("/dashboard/admin-orders/abc")?.path).toBe(
      "/dashboard/admin-orders/:orderId",
    );
    expect(adminScreenAt("/dashboard/admin-products/new/")?.path).toBe(
      "/dashboard/admin-products/new",
    );
  });

  it("asks the intent's grant of a form post, the screen's own otherwise", () => {
    const order = "/dashboard/admin-orders/abc";
    expect(grantNeeded(order, null)).toBe("send");
    expect(grantNeeded(order, "fulfil")).toBe("send");
    expect(grantNeeded(order, "deliver")).toBe("send");
    expect(grantNeeded(order, "refund")).toBe("orders");
    expect(grantNeeded(order, "")).toBe("orders");
    expect(grantNeeded("/dashboard/admin-products/p1", "delete")).toBe("catalogue");
  });

  it("closes a screen it does not list to all but the owner", () => {
    expect(grantNeeded("/dashboard/admin-new-thing", null)).toBe("settings");
    expect(staffMayOpen("owner", "/dashboard/admin-new-thing")).toBe(true);
    expect(staffMayOpen("manager", "/dashboard/admin-new-thing")).toBe(false);
  });

  it("reads an address whose percent-escapes are malformed, never throwing", () => {
    expect(adminScreenAt("/dashboard/admin-products/%zz")?.path).toBe(
      "/dashboard/admin-products/:productId",
    );
    expect(grantNeeded("/dashboard/admin-%E0%A4%A", null)).toBe("settings");
  });
});
