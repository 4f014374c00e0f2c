import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

// Links within the shop as plain anchors: React Router's <Link> resolves its path
// against the route tree and subscribes to the router on every render, which made the links a
// visible share of a page's server render. A ShopLink is an <a> marked for the one click handler
// the root mounts (`useShopLinkNavigation`), which follows it as <Link> would: in the page, for a
// plain left click on a link of the shop's own origin, replacing the history entry when it leads
// to where the visitor already is. A modified click, a middle click or a link opened elsewhere is
// the browser's. No `data-discover` as <Link> writes: every route is known to the browser from the
// start (decision record 026), so there is nothing to discover.

export type ShopLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path within the shop, such as `/product/prod1` or `/store?page=2`. */
  to: string;
  /** Keep the scroll position (a filter or a page of reviews further down the same page). */
  preventScrollReset?: boolean;
};

const SHOP_LINK = "a[data-shop-link]";

/**
 * Whether a menu's link to `to` is the page open at `pathname`, as NavLink decides: the same
 * path in any case (route paths match in any case), or a page below it unless `end` is set.
 */
export function isCurrentPath(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  return here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
}

export function ShopLink({ to, preventScrollReset, ...props }: ShopLinkProps) {
  return (
    <a
      href={to}
      data-shop-link=""
      data-keep-scroll={preventScrollReset ? "" : undefined}
      {...props}
    />
  );
}

/** Follows ShopLinks within the page. Mounted once, by the root. */
export function useShopLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(SHOP_LINK) : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, {
        replace: to === here,
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
