import { useLocation } from "react-router";
import { useLogout } from "~/components/account/use-logout";
import { useViewer } from "~/components/account/viewer-store";
import { Sheet } from "~/components/ui/sheet";
import { isCurrentPath, ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { headerLinks } from "~/lib/site-navigation";

/** The phone menu's side sheet (mobile-menu.tsx opens it); it closes when any of its links is clicked. */
export function MobileMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { signedIn } = useViewer();
  const logout = useLogout();
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);
  const menuLink = (to: string, end = false) => {
    const isActive = isCurrentPath(pathname, to, end);
    return {
      to,
      onClick: close,
      "aria-current": isActive ? ("page" as const) : undefined,
      className: cn(
        "rounded-[var(--radius-card)] px-4 py-3 text-base font-medium transition-tints hover:bg-mint/60",
        isActive ? "bg-brand-soft text-brand-strong" : "text-ink",
      ),
    };
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" side="left">
      <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1 p-4">
        {headerLinks.map((link) => (
          <ShopLink key={link.to} {...menuLink(link.to, link.to === "/")}>
            {link.label}
          </ShopLink>
        ))}
        {signedIn ? <ShopLink {...menuLink("/dashboard")}>Dashboard</ShopLink> : null}
        <div className="mt-auto border-t border-line pt-4">
          {signedIn ? (
            <button
              type="button"
              onClick={() => {
                close();
                void logout();
              }}
              className="flex h-12 w-full items-center justify-center rounded-full border border-line px-6 font-semibold text-ink hover:border-brand"
            >
              Log out
            </button>
          ) : (
            <ShopLink
              to="/login"
              onClick={close}
              aria-current={isCurrentPath(pathname, "/login", false) ? "page" : undefined}
              className="flex h-12 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
            >
              Login
            </ShopLink>
          )}
        </div>
      </nav>
    </Sheet>
  );
}
