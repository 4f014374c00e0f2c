import { useLayoutEffect, useRef } from "react";

/**
 * A ref for an element that takes the focus when it is first rendered: what `autoFocus` does in
 * React. In the browser the shop runs on Preact (decision record 028), which only writes the
 * `autofocus` attribute, and browsers act on that only while the page loads. A layout effect, so
 * the focus moves before the next key press is handled, as React's autoFocus does.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
