import { pino } from "pino";
import { env } from "./env";

// Structured JSON in production; pretty lines in development when pino-pretty is installed.
function createLogger() {
  const options = {
    level: env.LOG_LEVEL,
    base: undefined,
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
