import { existsSync } from "node:fs";

// Debian's Chromium by default (this machine cannot download browsers); CHROME_PATH overrides it
// for anyone with their own Chrome or Chromium.
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * What the end-to-end tests drive: Debian's build of Chromium's headless shell when installed
 * (package chromium-headless-shell, the same engine without the browser's windows; Playwright's
 * own default for headless tests), which opens a page for far less CPU than the full browser
 * (docs/testing.md has the figures). CHROME_PATH, when set, wins; without the shell, the full
 * browser.
 */
const headlessShellPath = "/usr/bin/chromium-headless-shell";
export const testBrowserPath =
  process.env.CHROME_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

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
