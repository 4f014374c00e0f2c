import { type RefObject, useEffect, useState } from "react";

/**
 * Whether an element has scrolled away above the viewport (not merely not reached yet). False on
 * the server and until the browser says otherwise.
 */
export function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const node = target.current;
    // Without an observer (an old browser, a test's DOM) the page's own button is all there is.
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [target]);
  return past;
}
