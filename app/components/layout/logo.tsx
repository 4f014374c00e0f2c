import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";

/** The shop's mark and name; the name is a setting (docs/brand.md), the mark is a stylised sparkle. */
export function Logo({
  shopName,
  className,
  tone = "dark",
  to = "/",
  label = `${shopName} home`,
}: {
  shopName: string;
  className?: string;
  tone?: "dark" | "light";
  /** Where the mark leads: the shop's home, or the admin's overview in the admin's shell. */
  to?: string;
  label?: string;
}) {
  return (
    <ShopLink
      to={to}
      className={cn("inline-flex min-w-0 items-center gap-2 rounded-full", className)}
      aria-label={label}
    >
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <circle cx="16" cy="16" r="16" fill={tone === "dark" ? "#0f766e" : "#ffffff"} />
        <path
          d="M16 6.5c.9 4.6 2.9 6.6 7.5 7.5-4.6.9-6.6 2.9-7.5 7.5-.9-4.6-2.9-6.6-7.5-7.5 4.6-.9 6.6-2.9 7.5-7.5Z"
          fill={tone === "dark" ? "#ffffff" : "#0f766e"}
        />
        <circle cx="23.5" cy="22.5" r="1.8" fill={tone === "dark" ? "#ccfbf1" : "#0f766e"} />
      </svg>
      <span
        className={cn(
          "truncate text-xl font-bold tracking-tight",
          tone === "dark" ? "text-ink" : "text-white",
        )}
      >
        {shopName}
      </span>
    </ShopLink>
  );
}
