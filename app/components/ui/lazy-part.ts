import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";

/**
 * A part of the page that is not needed for its first paint (a drawer, a menu, a panel): its code
 * is fetched when it is first wanted, so no page pays for it in its first load. `preload` starts
 * the fetch early, when the pointer or focus reaches the control that opens it; `Component`
 * renders it under a Suspense boundary.
 *
 * A fetch that fails (a release since the page was loaded removed its file, the network dropped)
 * reloads the page, as React Router does for a route's module: the shopper gets the current
 * release's page instead of the error page a failed part would otherwise put in its place.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => void } {
  return {
    Component: lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.error("A part of the page could not be loaded; reloading the page.", error);
          window.location.reload();
          return new Promise<never>(() => {});
        },
      ),
    ),
    preload: () => {
      load().catch(() => {
        // Opening the part fetches it again, and reloads the page if that fails too.
      });
    },
  };
}

/**
 * Whether a part that opens and closes (`open`) has been opened yet: before that it is not
 * rendered (nor fetched); after, it stays mounted, so it closes as it always did.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
