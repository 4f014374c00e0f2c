import { imageSrcSet } from "@common/catalog/product-images";
import { cn } from "~/lib/class-names";

/**
 * A square image at a fixed size (no layout shift): the shop's illustrations, which scale, or an
 * upload, offered at every stored width so the browser fetches the one the slot needs.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw",
}: {
  src: string;
  alt: string;
  className?: string;
  /** The page's main image: load it first. */
  priority?: boolean;
  /** How wide the slot is, for an upload's srcset (a product card's by default). */
  sizes?: string;
}) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={800}
      height={800}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={cn("aspect-square w-full bg-mint object-cover", className)}
    />
  );
}
