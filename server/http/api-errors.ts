import { DomainError, httpStatusFor } from "../errors";
import { logger } from "../logger";
import { jsonError } from "./json-response";

/**
 * Runs an API handler: a DomainError becomes `{ error }` with its status; anything unexpected is
 * logged and answered with `fallback` (500), never with its internals.
 */
export async function answerApi(
  fallback: string,
  handle: () => Promise<Response>,
): Promise<Response> {
  try {
    return await handle();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DomainError) return jsonError(httpStatusFor(error.code), error.message);
    logger.error({ err: error }, fallback);
    return jsonError(500, fallback);
  }
}
