import { cn } from "~/lib/class-names";

/** A square image at a fixed size (no layout shift): the shop's product illustrations. */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** The page's main image: load it first. */
  priority?: boolean;
}) {
  return (
    <img
      src={src}
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
