import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";
import { env } from "./env";

// Structured JSON in production; pretty lines in development when pino-pretty is installed.
// Every line logged while a request is handled carries that request's id (`reqId`), wherever in
// the code it is logged: the id follows the request's async work (see `withLogFields`).

const logFields = new AsyncLocalStorage<Record<string, string>>();

/** Runs `work` with `fields` added to every log line it (and everything it awaits) writes. */
export function withLogFields<T>(fields: Record<string, string>, work: () => T): T {
  return logFields.run({ ...logFields.getStore(), ...fields }, work);
}

/** pino's `mixin`: the fields of the work in progress (for any pino logger, tests' included). */
export function currentLogFields(): Record<string, string> {
  return logFields.getStore() ?? {};
}

function createLogger() {
  const options = {
    level: env.LOG_LEVEL,
    base: undefined,
    mixin: currentLogFields,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "headers.cookie",
        "headers.authorization",
      ],
      censor: "[redacted]",
    },
  };
  if (env.NODE_ENV === "development") {
    return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  }
  return pino(options);
}

export const logger = createLogger();
export type Logger = typeof logger;
