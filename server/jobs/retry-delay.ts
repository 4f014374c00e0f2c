/**
 * How long a background job waits before trying again after `attempts` failures: 30 s, doubling,
 * at most an hour. One rule for every job that retries (the email outbox, payment tasks).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
}
