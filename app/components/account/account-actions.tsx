import { LayoutDashboard, LogOut } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { useLogout } from "./use-logout";

/** The header's account controls when signed in: the dashboard (an icon) and Log out. */
export function AccountActions() {
  const logout = useLogout();
  const iconButton =
    "size-11 items-center justify-center rounded-full text-ink transition-tints hover:bg-mint/60";
  return (
    <>
      <ShopLink
        to="/dashboard"
        aria-label="Dashboard"
        className={`${iconButton} hidden md:inline-flex`}
      >
        <LayoutDashboard className="size-5" aria-hidden="true" />
      </ShopLink>
      <button
        type="button"
        onClick={() => void logout()}
        aria-label="Log out"
        className={`${iconButton} inline-flex`}
      >
        <LogOut className="size-5" aria-hidden="true" />
      </button>
    </>
  );
}
