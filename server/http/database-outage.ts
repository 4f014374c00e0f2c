import type { Logger } from "../logger";

// When the database is away, a request should not wait for it or fail with a 500: it gets a clear
// 503 at once. A failed or overlong request asks `explains()`: one bounded ping tells whether the
// database is the reason; if it is, the outage begins, every request is answered 503 without
// trying, and a probe pings every second until the database answers again (then requests go
// through as before). Cached pages are still served meanwhile.

const PING_TIMEOUT_MS = 2_000;
const PROBE_EVERY_MS = 1_000;

export class DatabaseOutage {
  private isDown = false;
  private checking: Promise<boolean> | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  /** True while the database is known to be away. */
  down(): boolean {
    return this.isDown;
  }

  /** After a request failed or ran too long: true when the database is not answering. */
  explains(): Promise<boolean> {
    if (this.isDown) return Promise.resolve(true);
    this.checking ??= this.answers().then((answering) => {
      this.checking = undefined;
      if (!answering) this.begin();
      return !answering;
    });
    return this.checking;
  }

  private begin() {
    if (this.isDown) return;
    this.isDown = true;
    this.logger.error("the database is not answering: requests are answered 503 until it is back");
    const probe = async () => {
      if (await this.answers()) {
        this.isDown = false;
        this.logger.warn("the database answers again: serving requests");
        return;
      }
      setTimeout(probe, PROBE_EVERY_MS).unref();
    };
    setTimeout(probe, PROBE_EVERY_MS).unref();
  }

  private async answers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("ping timed out")), PING_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
