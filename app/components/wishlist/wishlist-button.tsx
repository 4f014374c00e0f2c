import { Heart } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/class-names";
import { useWishlist } from "./use-wishlist";

/**
 * The heart that saves a product to the customer's wishlist (pressed when saved). A guest is asked
 * to log in first.
 */
export function WishlistButton({
  product,
  className,
}: {
  product: { id: string; name: string };
  className?: string;
}) {
  const { saved, setSaved } = useWishlist(product);
  return (
    <Button
      variant="secondary"
      size="icon"
      aria-pressed={saved}
      aria-label={`Save to wishlist: ${product.name}`}
      title={saved ? "Saved to your wishlist" : "Save to your wishlist"}
      onClick={() => void setSaved(!saved)}
      className={cn(saved && "border-coral text-coral-strong hover:text-coral-strong", className)}
    >
      <Heart aria-hidden="true" className={cn(saved && "fill-current")} />
    </Button>
  );
}
