import { describe, expect, it } from "vitest";
import { formatOrderNumber, parseOrderNumber } from "./order-number";

describe("order numbers", () => {
  it("reads as GL- and the number", () => {
    expect(formatOrderNumber(10241)).toBe("GL-10241");
  });

  it("reads back what people type", () => {
    for (const typed of ["GL-10241", "gl-10241", "GL 10241", "gl10241", "#10241", " 10241 "]) {
      expect(parseOrderNumber(typed), typed).toBe(10241);
    }
  });

  it("takes nothing else for a number", () => {
    for (const typed of [
      "",
      "GL-",
      "ada@example.com",
      "10241a",
      "GL--10241",
      "99999999999",
      "-5",
    ]) {
      expect(parseOrderNumber(typed), typed).toBeNull();
    }
  });
});
