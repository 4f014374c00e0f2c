import { existsSync } from "node:fs";

// Debian's Chromium by default (this machine cannot download browsers); CHROME_PATH overrides it
// for anyone with their own Chrome or Chromium.
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
}
