import { type StaffRole, staffMayOpen } from "@common/auth/staff-access";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  ChartColumn,
  Clock,
  CreditCard,
  FileText,
  Gift,
  Heart,
  LayoutDashboard,
  LogOut,
  Mail,
  MailWarning,
  Menu,
  MessageSquareText,
  Newspaper,
  Package,
  Settings,
  ShoppingBag,
  Sparkles,
  Tags,
  Truck,
  UserRound,
  Users,
  Zap,
} from "~/components/ui/icons";
import { isCurrentPath, ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { useLogout } from "./use-logout";

const customerLinks = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/orders", label: "Orders", icon: Package, end: false },
  { to: "/dashboard/details", label: "Details", icon: UserRound, end: false },
  { to: "/dashboard/wishlist", label: "Wishlist", icon: Heart, end: false },
  { to: "/dashboard/settings", label: "Settings", icon: Settings, end: false },
];

/** The admin's screens (docs/product.md#screens): Payments and Settings are one screen. */
const adminLinks = [
  { to: "/dashboard", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/dashboard/analytics", label: "Analytics", icon: ChartColumn, end: false },
  { to: "/dashboard/admin-orders", label: "Orders", icon: Package, end: false },
  { to: "/dashboard/admin-customers", label: "Customers", icon: Users, end: false },
  { to: "/dashboard/admin-products", label: "Products", icon: ShoppingBag, end: false },
  { to: "/dashboard/admin-categories", label: "Categories", icon: Tags, end: false },
  { to: "/dashboard/admin-delivery", label: "Delivery", icon: Truck, end: false },
  { to: "/dashboard/admin-discounts", label: "Discounts", icon: Sparkles, end: false },
  { to: "/dashboard/admin-gift-cards", label: "Gift cards", icon: Gift, end: false },
  { to: "/dashboard/admin-reviews", label: "Reviews", icon: MessageSquareText, end: false },
  { to: "/dashboard/admin-checkouts", label: "Abandoned checkouts", icon: Clock, end: false },
  { to: "/dashboard/admin-stock-alerts", label: "Stock alerts", icon: MailWarning, end: false },
  { to: "/dashboard/admin-newsletter", label: "Newsletter", icon: Mail, end: false },
  { to: "/dashboard/admin-campaigns", label: "Campaigns", icon: Zap, end: false },
  { to: "/dashboard/admin-blog", label: "Blog", icon: Newspaper, end: false },
  { to: "/dashboard/admin-pages", label: "Pages", icon: FileText, end: false },
  { to: "/dashboard/admin-payments", label: "Payments", icon: CreditCard, end: false },
  { to: "/dashboard/admin-settings", label: "Settings", icon: Settings, end: false },
];

/** The dashboard's sections (docs/product.md#screens, customer or admin dashboard) and Log out. */
export function DashboardNav({
  fullName,
  role,
  staffRole,
}: {
  fullName: string;
  role: "customer" | "admin";
  staffRole: StaffRole | null;
}) {
  // Only the screens the admin's role may open (the guard refuses the rest anyway).
  const links =
    role === "admin"
      ? adminLinks.filter((link) => link.to === "/dashboard" || staffMayOpen(staffRole, link.to))
      : customerLinks;
  const logout = useLogout();
  // The admin's longer menu folds away on a phone behind a button; wide screens always show it.
  const collapsible = role === "admin";
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the phone's menu.
  useEffect(() => setOpen(false), [pathname]);
  const item =
    "flex shrink-0 items-center gap-3 rounded-full px-4 py-2.5 text-sm font-medium transition-tints";
  return (
    <nav
      aria-label={role === "admin" ? "Admin" : "Account"}
      className={cn("min-w-0 lg:sticky lg:self-start", collapsible ? "lg:top-20" : "lg:top-24")}
    >
      <p className="mb-3 hidden truncate px-4 text-sm text-ink-muted lg:block">{fullName}</p>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="admin-menu"
          onClick={() => setOpen((value) => !value)}
          className={cn(item, "border border-line bg-white text-ink shadow-sm lg:hidden")}
        >
          <Menu className="size-4" aria-hidden="true" />
          Admin menu
        </button>
      ) : null}
      <ul
        id={collapsible ? "admin-menu" : undefined}
        className={cn(
          collapsible
            ? "mt-2 flex-col gap-1 rounded-[var(--radius-card)] border border-line bg-white p-2 shadow-soft lg:mt-0 lg:flex lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
            : "-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:px-0",
          collapsible && (open ? "flex" : "hidden"),
        )}
      >
        {links.map(({ to, label, icon: Icon, end }) => {
          const isActive = isCurrentPath(pathname, to, end);
          return (
            <li key={to}>
              <ShopLink
                to={to}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  item,
                  isActive ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-mint/60",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </ShopLink>
            </li>
          );
        })}
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
