import { SIGNED_IN_COOKIE, SIGNED_IN_VALUE, VIEWER_STORAGE_KEY } from "@common/auth/viewer";
import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import { InlineScript, inlineSource } from "~/components/ui/inline-script";
import { HINT_STYLE_ID } from "./viewer-store";

/**
 * Runs first in the head, before the stylesheet (an inline script after it would wait for it):
 * starts GET /api/me when the visitor may be signed in (the signed-in cookie, or a last known
 * signed-in state to confirm; a guest's page asks nothing), and paints the last known state so a
 * returning customer never sees a wrong one: `data-viewer` on <html> chooses the header's controls
 * (CSS in app.css), and a style fills the hearts of saved products. Self-contained: it is inlined
 * into the page as source text.
 */
function paintKnownViewer(key: string, styleId: string, idPattern: string, signedInCookie: string) {
  const root = document.documentElement;
  let member = false;
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? "null");
    member = stored?.signedIn === true;
    root.setAttribute("data-viewer", member ? "member" : "guest");
    const saved: unknown[] = member && Array.isArray(stored.wishlist) ? stored.wishlist : [];
    const ids = saved.filter(
      (id): id is string => typeof id === "string" && new RegExp(idPattern).test(id),
    );
    if (ids.length > 0) {
      const style = document.createElement("style");
      style.id = styleId;
      style.textContent = ids
        .map(
          (id) =>
            `[data-wishlist-product="${id}"]{border-color:var(--color-coral);color:var(--color-coral-strong)}[data-wishlist-product="${id}"] svg{fill:currentColor}`,
        )
        .join("");
      document.head.appendChild(style);
    }
  } catch {
    // Storage blocked or unreadable: a guest's controls until the shop answers.
  }
  if (!member && !document.cookie.split(";").some((cookie) => cookie.trim() === signedInCookie))
    return;
  window.__gleamViewer = fetch("/api/me", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

const script = inlineSource(
  paintKnownViewer,
  VIEWER_STORAGE_KEY,
  HINT_STYLE_ID,
  CATALOGUE_ID.source,
  `${SIGNED_IN_COOKIE}=${SIGNED_IN_VALUE}`,
);

export function ViewerScript() {
  return <InlineScript source={script} />;
}
