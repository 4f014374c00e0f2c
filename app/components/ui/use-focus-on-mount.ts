import { useLayoutEffect, useRef } from "react";

/**
 * A ref for an element that takes the focus when it is first rendered, for a field that appears
 * because the visitor asked for it (a search opened, a link being edited). Not `autoFocus`: the
 * accessibility lint refuses it everywhere, since on a page's own fields it moves focus before
 * anyone asked. A layout effect, so the focus moves before the next key press is handled.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    if (document.activeElement === element) return;
    // Inside a <dialog> opened in the same commit (one fetched when wanted mounts open), the field
    // cannot take the focus until the dialog's own effect has shown it: try again after that.
    const frame = requestAnimationFrame(() => element.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}
