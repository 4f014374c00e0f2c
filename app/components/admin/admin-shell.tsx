import type { ReactNode } from "react";
import { AccountActions } from "~/components/account/account-actions";
import { DeferredToaster, SkipLink } from "~/components/layout/deferred-toaster";
import { Logo } from "~/components/layout/logo";
import { buttonVariants } from "~/components/ui/button";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";

/**
 * The admin's own chrome (docs/admin.md, The shell): the shop's name, a way back to the shop, and
 * nothing of the storefront's (no announcements, shop navigation, newsletter or chat), so the
 * tables have the whole width. The sidebar is the dashboard's, inside `main`; the header keeps the
 * shop's account controls (the dashboard and Log out), where a signed-in person looks for them.
 */
export function AdminShell({ shopName, children }: { shopName: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-line bg-white">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Logo shopName={shopName} to="/dashboard" label={`${shopName} admin overview`} />
          <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong">
            Admin
          </span>
          <ShopLink
            to="/"
            className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "ml-auto shrink-0")}
          >
            View shop
          </ShopLink>
          <AccountActions />
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <DeferredToaster />
    </div>
  );
}
