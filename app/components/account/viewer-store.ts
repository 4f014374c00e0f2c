import {
  GUEST,
  hasSignedInCookie,
  parseViewer,
  VIEWER_STORAGE_KEY,
  type Viewer,
} from "@common/auth/viewer";
import { useSyncExternalStore } from "react";

// The visitor's personal state in the browser: public pages are the same HTML for
// everyone, and what is personal comes from GET /api/me, asked only while the visitor may be
// signed in (mayBeSignedIn): a guest is a guest without a request. The request starts in the
// document's head (ViewerScript), which also paints the last known state before the first paint;
// this store takes over the answer, keeps it in localStorage for the next page, and asks again
// after anything that changes it (signing in or out, the wishlist) and when the browser restores a
// page from its back-forward cache.

declare global {
  interface Window {
    /** GET /api/me's answer, asked for by the head's script before the app's code arrived. */
    __gleamViewer?: Promise<unknown>;
  }
}

/** The style element the head's script adds for saved hearts; removed once the answer is in. */
export const HINT_STYLE_ID = "viewer-hint";

let viewer: Viewer | null = null;
let loading: Promise<void> | null = null;
/** Counts the requests: an answer is applied only if no later request was made meanwhile. */
let asked = 0;
const listeners = new Set<() => void>();

function storedViewer(): Viewer {
  try {
    return (
      parseViewer(JSON.parse(window.localStorage.getItem(VIEWER_STORAGE_KEY) ?? "null")) ?? GUEST
    );
  } catch {
    return GUEST;
  }
}

function current(): Viewer {
  viewer ??= storedViewer();
  return viewer;
}

function apply(next: Viewer) {
  viewer = next;
  document.documentElement.dataset.viewer = next.signedIn ? "member" : "guest";
  document.getElementById(HINT_STYLE_ID)?.remove();
  try {
    window.localStorage.setItem(VIEWER_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the state lives in memory; the next page paints as a guest until it knows.
  }
  for (const listener of listeners) listener();
}

/**
 * Whether the shop may know this visitor: the signed-in cookie says there is a session, or the
 * last known state was signed in (a session from before that cookie, or one that has ended since:
 * one answer settles it, and the next page asks nothing).
 */
function mayBeSignedIn(): boolean {
  return hasSignedInCookie(document.cookie) || current().signedIn;
}

async function askShop(early?: Promise<unknown>): Promise<void> {
  const ask = ++asked;
  const answer =
    (await early) ??
    (mayBeSignedIn()
      ? await fetch("/api/me", { headers: { Accept: "application/json" } }).then((response) =>
          response.ok ? response.json() : null,
        )
      : GUEST);
  const parsed = parseViewer(answer);
  if (parsed && ask === asked) apply(parsed);
}

function load(early?: Promise<unknown>): Promise<void> {
  loading = askShop(early).catch((error: unknown) => {
    console.warn("Could not load your account's state.", error);
  });
  return loading;
}

function onPageShow(event: PageTransitionEvent) {
  if (event.persisted) void load();
}

/** Takes over the head script's request, once per page load. */
function start(): Promise<void> {
  if (loading) return loading;
  const early = window.__gleamViewer;
  window.__gleamViewer = undefined;
  window.addEventListener("pageshow", onPageShow);
  return load(early);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void start();
  return () => {
    listeners.delete(listener);
  };
}

export const viewerStore = {
  current,
  /** The state once the shop has answered (or failed to): for a decision a click makes. */
  async known(): Promise<Viewer> {
    await start();
    return current();
  },
  /** Asks the shop again: after signing in or out, or a change to the wishlist. */
  refresh: () => load(),
};

/** The visitor's state; a guest's while the server renders and during hydration. */
export function useViewer(): Viewer {
  return useSyncExternalStore(subscribe, current, () => GUEST);
}
