import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A part of the page that is not needed for its first paint (a drawer, a menu, a panel): its code
 * is fetched when it is first wanted, so no page pays for it in its first load. `preload` starts
 * the fetch early, when the pointer or focus reaches the control that opens it; `Component`
 * renders it under a Suspense boundary.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => void } {
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    preload: () => {
      load().catch(() => {
        // Rendering the part fetches it again and reports what went wrong.
      });
    },
  };
}
