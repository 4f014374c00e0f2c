import { cn } from "~/lib/class-names";

/** Product images are square illustrations shipped with the shop; the size is fixed to avoid layout shift. */
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
