import { Button } from "~/components/ui/button";
import { Heart } from "~/components/ui/icons";
import { cn } from "~/lib/class-names";
import { useWishlist } from "./use-wishlist";

/**
 * The heart that saves a product to the customer's wishlist (pressed when saved). A guest is asked
 * to log in first.
 */
export function WishlistButton({
  product,
  size = "icon",
  className,
}: {
  product: { id: string; name: string };
  size?: "icon-sm" | "icon" | "icon-lg";
  /** Placement only (position, margins): the look comes from the button's variants. */
  className?: string;
}) {
  const { saved, setSaved } = useWishlist(product);
  return (
    <Button
      variant={saved ? "accent" : "secondary"}
      size={size}
      aria-pressed={saved}
      // The head's script fills saved hearts by this id before the app has loaded.
      data-wishlist-product={product.id}
      aria-label={`Save to wishlist: ${product.name}`}
      title={saved ? "Saved to your wishlist" : "Save to your wishlist"}
      onClick={() => void setSaved(!saved)}
      className={className}
    >
      <Heart aria-hidden="true" className={cn(saved && "fill-current")} />
    </Button>
  );
}
