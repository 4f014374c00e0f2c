import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("is the connecting address when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", 0)).toBe("198.51.100.1");
  });

  it("takes the entry the trusted proxy added, not the client's own first entries", () => {
    // The client wrote 1.2.3.4; the one trusted proxy appended the address it saw.
    expect(clientAddress("1.2.3.4, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    const rotated = ["9.9.9.1", "9.9.9.2", "9.9.9.3"].map((spoofed) =>
      clientAddress(`${spoofed}, 203.0.113.9`, "10.0.0.2", 1),
    );
    expect(new Set(rotated)).toEqual(new Set(["203.0.113.9"]));
  });

  it("counts hops from the right behind a chain of proxies", () => {
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.7", "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("falls back to the connecting address when the header is missing or too short", () => {
    expect(clientAddress(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress("203.0.113.9", "10.0.0.2", 2)).toBe("10.0.0.2");
    expect(clientAddress(" , ", "10.0.0.2", 1)).toBe("10.0.0.2");
  });
});
