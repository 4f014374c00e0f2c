import { InlineScript, inlineSource } from "~/components/ui/inline-script";

// A page is painted from the server's HTML before its scripts have run, and a button clicked
// before they do had no handler yet: the click was lost (Add to Cart did nothing). The head keeps
// the last such click, and the page replays it once it is live. Links and forms need none of
// this: they work as plain HTML.

declare global {
  interface Window {
    /** The last button clicked before the page was live (keepEarlyClick). */
    __gleamEarlyClick?: Element;
  }
}

/**
 * Runs in the head: until the page is live, remembers the last `type="button"` button clicked.
 * Self-contained: it is inlined into the page as source text.
 */
export function keepEarlyClick() {
  const keep = (event: MouseEvent) => {
    if (document.documentElement.dataset.hydrated === "true") {
      document.removeEventListener("click", keep, true);
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button[type="button"]:not(:disabled)');
    if (button) window.__gleamEarlyClick = button;
  };
  document.addEventListener("click", keep, true);
}

const script = inlineSource(keepEarlyClick);

export function EarlyClickScript() {
  return <InlineScript source={script} />;
}

/** Clicks again, now that the page is live, the button clicked before it was (once). */
export function replayEarlyClick() {
  const button = window.__gleamEarlyClick;
  window.__gleamEarlyClick = undefined;
  // Still the element React hydrated (not replaced), and still a button to press.
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
}
