import { describe, expect, it } from "vitest";
import { shipmentOf } from "./tracking";

describe("a parcel's tracking link", () => {
  it("links to the page of each carrier the shop knows, whatever the admin's spelling", () => {
    expect(shipmentOf("Royal Mail", "RM 1234 5678 5GB").trackingUrl).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
    );
    expect(shipmentOf("royalmail tracked 24", "RM123456785GB").trackingUrl).toMatch(
      /^https:\/\/www\.royalmail\.com\//,
    );
    expect(shipmentOf("DPD Local", "1550-1234-5678").trackingUrl).toBe(
      "https://track.dpd.co.uk/parcels/155012345678",
    );
    expect(shipmentOf("Hermes", "H01ABC2345678901").trackingUrl).toBe(
      "https://www.evri.com/track/parcel/H01ABC2345678901",
    );
    expect(shipmentOf("UPS", "1Z999AA10123456784").trackingUrl).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
  });

  it("shows a plain number for another carrier, none, or what is not a tracking number", () => {
    expect(shipmentOf("Parcelforce", "PB123456789GB")).toEqual({
      carrier: "Parcelforce",
      trackingNumber: "PB123456789GB",
      trackingUrl: null,
    });
    expect(shipmentOf(null, "AB123")).toMatchObject({ carrier: null, trackingUrl: null });
    expect(shipmentOf("Royal Mail", null)).toMatchObject({
      trackingNumber: null,
      trackingUrl: null,
    });
    // Not a tracking number: never put into a link.
    expect(shipmentOf("UPS", "javascript:alert(1)").trackingUrl).toBeNull();
    expect(shipmentOf("UPS", "../../evil?x=").trackingUrl).toBeNull();
    expect(shipmentOf("  ", "  ")).toEqual({
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    // "ups" inside a word is not UPS.
    expect(shipmentOf("Groups Courier", "123456").trackingUrl).toBeNull();
  });
});
