import { describe, expect, it } from "vitest";
import { conflictingClasses } from "./class-conflicts";

// The probe: the detector fires on the conflicts the review found, and stays quiet otherwise.
describe("conflictingClasses", () => {
  it("finds a caller's class fighting a primitive's own", () => {
    expect(conflictingClasses("rounded-full border border-line text-ink border-coral")).toEqual([
      "border-line / border-coral",
    ]);
    expect(conflictingClasses("size-11 rounded-full absolute size-10")).toEqual([
      "size-11 / size-10",
    ]);
    expect(conflictingClasses("w-full min-h-32 py-3 min-h-24")).toEqual(["min-h-32 / min-h-24"]);
    expect(
      conflictingClasses("bg-brand hover:bg-brand-strong bg-coral-strong hover:bg-coral-strong/90"),
    ).toEqual(["bg-brand / bg-coral-strong", "hover:bg-brand-strong / hover:bg-coral-strong/90"]);
    expect(conflictingClasses("text-ink hover:text-brand text-coral-strong")).toEqual([
      "text-ink / text-coral-strong",
    ]);
  });

  it("lets different properties and different variants be", () => {
    expect(
      conflictingClasses(
        "border border-line text-sm text-ink hover:text-brand font-semibold rounded-full rounded-t-none [&_svg]:size-4 size-11 shadow-sm focus-visible:outline-2 focus-visible:outline-brand sm:flex-none",
      ),
    ).toEqual([]);
  });
});
