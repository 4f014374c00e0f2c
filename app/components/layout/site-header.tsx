import { useEffect } from "react";
import { useLocation } from "react-router";
import { AccountActions } from "~/components/account/account-actions";
import { viewerStore } from "~/components/account/viewer-store";
import { CartBadgeScript } from "~/components/cart/cart-button";
import { HeaderCart } from "~/components/cart/header-cart";
import { SearchBox } from "~/components/search/search-box";
import { buttonVariants } from "~/components/ui/button";
import { isCurrentPath, ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { headerLinks } from "~/lib/site-navigation";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader({ shopName }: { shopName: string }) {
  const { pathname } = useLocation();
  // The header's account controls follow `data-viewer`, which the viewer store sets from the
  // shop's answer: take that answer over on every page, whether or not the page reads the viewer.
  useEffect(() => void viewerStore.known(), []);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="shop-container flex h-16 items-center gap-2">
        <MobileMenu />
        <Logo shopName={shopName} className="mr-auto md:mr-0" />
        <nav aria-label="Main" className="mx-auto hidden items-center gap-1 md:flex">
          {headerLinks.map((link) => {
            const isActive = isCurrentPath(pathname, link.to, link.to === "/");
            return (
              <ShopLink
                key={link.to}
                to={link.to}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "rounded-full px-4 py-2 text-sm font-medium transition-tints hover:text-brand",
                  isActive ? "text-brand-strong" : "text-ink",
                )}
              >
                <span className="relative">
                  {link.label}
                  {isActive ? (
                    <span className="absolute inset-x-0 -bottom-1.5 h-0.5 rounded-full bg-brand" />
                  ) : null}
                </span>
              </ShopLink>
            );
          })}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <SearchBox />
          <HeaderCart />
          {/* Both rendered: CSS shows the visitor's (app.css, data-viewer), so the page is the
              same for everyone and right before the first paint. */}
          <span className="viewer-member contents">
            <AccountActions />
          </span>
          <ShopLink to="/login" className={cn(buttonVariants({ size: "sm" }), "viewer-guest")}>
            Login
          </ShopLink>
        </div>
      </div>
      <CartBadgeScript />
    </header>
  );
}
