import { Heart, LayoutDashboard, LogOut, Package, Settings, UserRound } from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "~/lib/class-names";
import { useLogout } from "./use-logout";

const customerLinks = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/orders", label: "Orders", icon: Package, end: false },
  { to: "/dashboard/details", label: "Details", icon: UserRound, end: false },
  { to: "/dashboard/wishlist", label: "Wishlist", icon: Heart, end: false },
  { to: "/dashboard/settings", label: "Settings", icon: Settings, end: false },
];

/** The admin's screens that exist so far (seed spec §2 lists the rest, still to come). */
const adminLinks = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/admin-orders", label: "Orders", icon: Package, end: false },
];

/** The dashboard's sections (seed spec §2, customer or admin dashboard) and Log out. */
export function DashboardNav({ fullName, role }: { fullName: string; role: "customer" | "admin" }) {
  const links = role === "admin" ? adminLinks : customerLinks;
  const logout = useLogout();
  const item =
    "flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm font-medium transition-colors";
  return (
    <nav
      aria-label={role === "admin" ? "Admin" : "Account"}
      className="min-w-0 lg:sticky lg:top-24 lg:self-start"
    >
      <p className="mb-3 hidden truncate px-4 text-sm text-ink-muted lg:block">{fullName}</p>
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:px-0">
        {links.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(item, isActive ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-mint/60")
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => void logout()}
            className={cn(item, "w-full text-ink hover:bg-mint/60")}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
