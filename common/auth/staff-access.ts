// Who on the shop's staff may do what (docs/decisions/071-staff-roles-in-one-table.md): one table
// read by the admin's guard on the server (every page, form action and download under the admin's
// layout) and by the admin's menu, so the menu shows only what the guard lets through.

/** What a member of staff reads where their role does not reach. */
export const NO_ACCESS = "You do not have access to this page.";

export const staffRoles = ["owner", "manager", "fulfilment"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  fulfilment: "Fulfilment",
};

export const staffRoleSummaries: Record<StaffRole, string> = {
  owner: "Everything, including staff and payments.",
  manager: "Orders, refunds, returns, products, discounts and customers.",
  fulfilment: "Orders to send: packing slips, sent and delivered.",
};

/** What a part of the admin lets its users do, and the roles that may. */
const grants = {
  /** The orders to send: the list, the packing view, packing slips, sent and delivered. */
  send: ["owner", "manager", "fulfilment"],
  /** Orders in full: money, customers' details, cancel, refunds, returns, notes, emails, exports. */
  orders: ["owner", "manager"],
  customers: ["owner", "manager"],
  /** Products, categories, delivery methods, stock alerts, reviews. */
  catalogue: ["owner", "manager"],
  /** Discounts, offers, gift cards, abandoned checkouts, the newsletter and campaigns. */
  marketing: ["owner", "manager"],
  /** The blog's posts and the shop's pages (About, FAQ, the policies, the home page's hero). */
  content: ["owner", "manager"],
  /** The shop's figures, its analytics and the parked background jobs. */
  figures: ["owner", "manager"],
  /** The shop's settings, payments and staff. */
  settings: ["owner"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffGrant = keyof typeof grants;

export function staffMay(role: StaffRole | null | undefined, grant: StaffGrant): boolean {
  return role != null && (grants[grant] as readonly StaffRole[]).includes(role);
}

/**
 * One screen (or download, or form endpoint) under /dashboard: the grant to open it, the grant its
 * forms need (`act`, the same by default) and the intents that need another.
 */
export type AdminScreen = {
  path: string;
  view: StaffGrant;
  act?: StaffGrant;
  intents?: Readonly<Record<string, StaffGrant>>;
};

/**
 * Every screen of the admin's layout, the more particular address first. One not listed needs
 * `settings` (the owner's): a new screen is closed to the other roles until it is listed.
 */
export const adminScreens: readonly AdminScreen[] = [
  { path: "/dashboard/analytics", view: "figures" },
  { path: "/dashboard/admin-jobs", view: "figures" },
  { path: "/dashboard/admin-orders", view: "send" },
  { path: "/dashboard/admin-orders/export", view: "orders" },
  { path: "/dashboard/admin-orders/invoices", view: "orders" },
  { path: "/dashboard/admin-orders/packing-slips", view: "send" },
  {
    path: "/dashboard/admin-orders/:orderId",
    view: "send",
    act: "orders",
    intents: { fulfil: "send", deliver: "send" },
  },
  { path: "/dashboard/admin-orders/:orderId/documents/:documentId", view: "orders" },
  { path: "/dashboard/admin-customers", view: "customers" },
  { path: "/dashboard/admin-customers/:userId", view: "customers" },
  { path: "/dashboard/admin-customers/:userId/export", view: "customers" },
  { path: "/dashboard/admin-products", view: "catalogue" },
  { path: "/dashboard/admin-products/new", view: "catalogue" },
  { path: "/dashboard/admin-products/search", view: "catalogue" },
  { path: "/dashboard/admin-products/export", view: "catalogue" },
  { path: "/dashboard/admin-products/import", view: "catalogue" },
  { path: "/dashboard/admin-products/import/:importId", view: "catalogue" },
  { path: "/dashboard/admin-products/:productId", view: "catalogue" },
  { path: "/dashboard/admin-categories", view: "catalogue" },
  { path: "/dashboard/admin-delivery", view: "catalogue" },
  { path: "/dashboard/admin-reviews", view: "catalogue" },
  { path: "/dashboard/admin-stock-alerts", view: "catalogue" },
  { path: "/dashboard/admin-discounts", view: "marketing" },
  { path: "/dashboard/admin-gift-cards", view: "marketing" },
  { path: "/dashboard/admin-gift-cards/:cardId", view: "marketing" },
  { path: "/dashboard/admin-checkouts", view: "marketing" },
  { path: "/dashboard/admin-newsletter", view: "marketing" },
  { path: "/dashboard/admin-newsletter/export", view: "marketing" },
  { path: "/dashboard/admin-campaigns", view: "marketing" },
  { path: "/dashboard/admin-campaigns/:campaignId", view: "marketing" },
  { path: "/dashboard/admin-blog", view: "content" },
  { path: "/dashboard/admin-blog/:postId", view: "content" },
  { path: "/dashboard/admin-pages", view: "content" },
  { path: "/dashboard/admin-pages/:page", view: "content" },
  { path: "/dashboard/admin-settings", view: "settings" },
  { path: "/dashboard/admin-payments", view: "settings" },
];

/** A path segment decoded; one that is not valid percent-encoding is compared as it is. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether `pattern` (":name" for one segment) is the address `pathname`. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const got = pathname.replace(/\/+$/, "").split("/");
  return (
    want.length === got.length &&
    want.every((part, at) => part.startsWith(":") || part === decodedSegment(got[at] ?? ""))
  );
}

/** The screen at `pathname`: the first listed one it matches. */
export function adminScreenAt(pathname: string): AdminScreen | undefined {
  const exact = adminScreens.find((screen) => screen.path === pathname.replace(/\/+$/, ""));
  return exact ?? adminScreens.find((screen) => matches(screen.path, pathname));
}

/** The grant a request needs: to open the screen, or to send its form with `intent`. */
export function grantNeeded(pathname: string, intent: string | null): StaffGrant {
  const screen = adminScreenAt(pathname);
  if (!screen) return "settings";
  if (intent === null) return screen.view;
  return screen.intents?.[intent] ?? screen.act ?? screen.view;
}

/** Whether `role` may open the screen at `pathname` (the admin's menu asks). */
export function staffMayOpen(role: StaffRole | null | undefined, pathname: string): boolean {
  return staffMay(role, grantNeeded(pathname, null));
}
