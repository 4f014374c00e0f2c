import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-semibold transition-tints duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:opacity-70 aria-busy:cursor-progress [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary:
          "rounded-full bg-brand text-white shadow-sm hover:bg-brand-strong focus-visible:outline-brand",
        secondary:
          "rounded-full border border-line bg-white text-ink shadow-sm hover:border-brand hover:text-brand",
        /** Outlined in coral: a control that is on (a saved item). */
        accent:
          "rounded-full border border-coral bg-white text-coral-strong shadow-sm hover:bg-coral/5 focus-visible:outline-coral-strong",
        /** For what cannot be undone (deleting an account). */
        destructive:
          "rounded-full bg-coral-strong text-white shadow-sm hover:bg-coral-strong/90 focus-visible:outline-coral-strong",
        inverse: "rounded-full bg-white text-brand-strong shadow-sm hover:bg-mint",
        ghost: "rounded-full text-ink hover:bg-mint/60",
        link: "text-brand underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-9 px-4 text-sm",
        md: "h-11 px-6 text-sm",
        lg: "h-12 px-8 text-base",
        /** The width of its container, label centred: fits a product card two to a phone's row. */
        block: "h-11 w-full px-3 text-sm",
        "icon-sm": "size-10 rounded-full",
        icon: "size-11 rounded-full",
        "icon-lg": "size-12 rounded-full",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * A <button>. A link that looks like a button takes `buttonVariants()` as its className. Callers
 * choose a `variant` and a `size`; a `className` may place the button (margins, position, width in
 * a layout) but never restyle it: with no class merger (decision record 003) a caller's colour or
 * size class would fight the button's own, and the stylesheet's order, not the caller, would win.
 */
export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
