import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { currentLogFields, withLogFields } from "./logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ base: undefined, mixin: currentLogFields }, stream), lines };
}

describe("withLogFields", () => {
  it("adds the request's id to every line logged inside, across awaits, and nowhere else", async () => {
    const { logger, lines } = capture();
    logger.info("before");
    await Promise.all(
      ["req-a", "req-b"].map((reqId) =>
        withLogFields({ reqId }, async () => {
          logger.info("start");
          await new Promise((resolve) => setTimeout(resolve, 5));
          logger.warn({ detail: 1 }, "after a wait");
        }),
      ),
    );
    logger.info("after");
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ["before", undefined],
      ["start", "req-a"],
      ["start", "req-b"],
      ["after a wait", "req-a"],
      ["after a wait", "req-b"],
      ["after", undefined],
    ]);
  });

  it("nests: inner fields join the outer ones", () => {
    const { logger, lines } = capture();
    withLogFields({ reqId: "outer" }, () =>
      withLogFields({ job: "outbox" }, () => logger.info("inside")),
    );
    expect(lines[0]).toMatchObject({ reqId: "outer", job: "outbox", msg: "inside" });
  });
});
