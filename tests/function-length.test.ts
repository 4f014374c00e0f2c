import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  lengthProblems,
  longFunctions,
  longFunctionsIn,
  MAX_FUNCTION_LINES,
} from "./function-length";
import { knownLongFunctions } from "./function-length-known";

const root = join(import.meta.dirname, "..");

describe(`function length as written (docs/architecture.md#layout, rule 11)`, () => {
  it(`lets no function over ${MAX_FUNCTION_LINES} lines in but the known ones, none growing`, () => {
    expect(
      lengthProblems(
        longFunctions(root, ["app", "server", "common", "scripts"]),
        knownLongFunctions,
      ),
    ).toEqual([]);
  });

  // The probe: a 128-line component (JSX counted, which Biome's counter did not see), an inner
  // function, a known one that grew and one that shrank below the limit.
  it("counts JSX and inner functions as written, and holds the list to what is found", () => {
    const items = Array.from(
      { length: 122 },
      (_, at) => `      <li key="${at}">Item ${at}</li>`,
    ).join("\n");
    const component = `export function Long() {\n  return (\n    <ul>\n${items}\n    </ul>\n  );\n}\n`;
    const found = longFunctionsIn("app/components/long.tsx", component);
    expect(found).toEqual([{ path: "app/components/long.tsx", name: "Long", lines: 128 }]);
    const inner = `const outer = () => {\n  const handler = function () {\n${"    call();\n".repeat(100)}  };\n  return handler;\n};\n`;
    expect(longFunctionsIn("server/x.ts", inner).map((each) => [each.name, each.lines])).toEqual([
      ["outer", 105],
      ["handler", 102],
    ]);
    expect(
      lengthProblems(
        [...found, { path: "server/a.ts", name: "grown", lines: 130 }],
        [
          { path: "server/a.ts", name: "grown", lines: 120 },
          { path: "server/b.ts", name: "split", lines: 140 },
        ],
      ),
    ).toEqual([
      "app/components/long.tsx Long is 128 lines: split it",
      "server/a.ts grown grew from 120 to 130 lines: split it",
      `server/b.ts split is no longer over ${MAX_FUNCTION_LINES} lines: take it off the list`,
    ]);
  });
});
