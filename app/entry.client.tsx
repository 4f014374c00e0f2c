import { type ComponentChildren, Fragment, options } from "preact";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HINT_STYLE_ID } from "~/components/account/viewer-store";
import { aLaterTask, hydrateInSlices } from "~/components/ui/hydration-slice";

// React Router's own browser entry, made to hydrate on Preact (decision record 028; the production
// build aliases React to preact/compat in the browser, vite.config.ts). Four differences from React:

// 1. Preact hydrates the children of <html> (it takes `document` as `document.documentElement`),
//    so the root's <html> element is rendered as a fragment around <head> and <body>; the server's
//    <html> element and its attributes stay as they are.
const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === "html") {
    vnode.type = Fragment;
    vnode.props = { children: (vnode.props as { children?: ComponentChildren }).children };
  }
  previousVnodeHook?.(vnode);
};

// 2. Preact matches the head's elements to the tree's by tag, in order, and removes those left
//    over. The head holds two kinds of element the tree does not render: the image preloads
//    React's server renderer adds for the page's images, and the style the viewer script adds
//    before hydration (the known wishlist's hearts). They are set aside while Preact hydrates and
//    put back right after, before the browser paints again.
function setAsideForeignHeadElements(): () => void {
  const foreign = [
    ...document.head.querySelectorAll(`link[rel="preload"][as="image"], style#${HINT_STYLE_ID}`),
  ];
  for (const element of foreign) element.remove();
  return () => document.head.append(...foreign);
}

// 3. HydratedRouter first throws the promise of decoding the server's loader data (React waits
//    for it at the root). Preact hydrates only what renders on the first pass, so the decoding is
//    awaited before hydrating: HydratedRouter is called once on its own, which starts the decoding
//    and throws its promise before it uses any hook. Anything else it throws is left for the real
//    render to throw again, as React Router's own entry would.
async function loaderDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

// 4. Preact hydrates in one pass where React DOM yields every few milliseconds, so the work is cut
//    into tasks (the blocking time a phone's user feels, and Lighthouse counts): the router is
//    made in a task of its own (the data decoded, HydratedRouter called on its own again makes
//    it, 30 ms at Lighthouse's 4x slowdown, and then stops at its first hook, as there is no
//    component rendering), and the page is hydrated in slices (app/components/ui/hydration-slice.tsx).
function makeRouter() {
  try {
    HydratedRouter({});
  } catch {
    // The hook's complaint: the router is made, and the render below uses it.
  }
}

void loaderDataDecoded()
  .then(aLaterTask)
  .then(makeRouter)
  .then(aLaterTask)
  .then(() =>
    startTransition(() => {
      const putBack = setAsideForeignHeadElements();
      hydrateInSlices(() =>
        hydrateRoot(
          document,
          <StrictMode>
            <HydratedRouter />
          </StrictMode>,
        ),
      );
      putBack();
    }),
  );
