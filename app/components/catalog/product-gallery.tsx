import type { ProductPicture } from "@common/catalog/product-images";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { ProductImage } from "~/components/ui/product-image";
import { cn } from "~/lib/class-names";

// A product's pictures on its page: the main one alone, or all of them in a strip that a finger
// swipes (the browser's own scroll snapping, no script to load), with thumbnails below that show
// one, and the arrow keys moving between them once the strip has the focus.

const SIZES = "(min-width: 768px) 50vw, 100vw";

export function ProductGallery({
  name,
  pictures,
  showing,
}: {
  name: string;
  /** The main picture first. */
  pictures: readonly ProductPicture[];
  /** The picture of the variant chosen, to turn to; none: stay where the shopper is. */
  showing?: string | null;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(0);
  // Where a thumbnail or a key sent the strip: its scrolling on the way there says nothing.
  const heading = useRef<number | null>(null);
  const show = (index: number) => {
    const target = Math.max(0, Math.min(pictures.length - 1, index));
    const list = strip.current;
    if (!list) return;
    const left = target * list.clientWidth;
    // Already there, no scrolling follows to say it arrived.
    heading.current = Math.abs(list.scrollLeft - left) < 2 ? null : target;
    list.scrollTo({ left, behavior: "smooth" });
    setShown(target);
  };
  // A variant with its own picture turns the gallery to it when chosen.
  const wanted = showing ? pictures.findIndex((picture) => picture.url === showing) : -1;
  // The page opens on the main picture, as the server drew it; a choice after that turns it.
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice of variant turns it.
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (wanted >= 0) show(wanted);
  }, [wanted, showing]);
  const [main] = pictures;
  if (!main) return null;
  if (pictures.length === 1) {
    return <ProductImage src={main.url} alt={main.alt} priority sizes={SIZES} />;
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const from = heading.current ?? shown;
    if (event.key === "ArrowRight") show(from + 1);
    else if (event.key === "ArrowLeft") show(from - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div>
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip takes the focus so the arrow keys move between its pictures.
        tabIndex={0}
        aria-label={`Pictures of ${name}, ${pictures.length} in all: use the arrow keys`}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          const list = event.currentTarget;
          const at = Math.round(list.scrollLeft / Math.max(1, list.clientWidth));
          if (heading.current !== null) {
            // Arrived: a swipe from here on is the shopper's own.
            if (Math.abs(list.scrollLeft - heading.current * list.clientWidth) < 2) {
              heading.current = null;
            }
            return;
          }
          setShown(at);
        }}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {pictures.map((picture, index) => (
          <li key={picture.url} className="w-full shrink-0 snap-center">
            <ProductImage
              src={picture.url}
              alt={picture.alt}
              priority={index === 0}
              sizes={SIZES}
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 border-t border-line bg-white p-3">
        {pictures.map((picture, index) => (
          <button
            key={picture.url}
            type="button"
            aria-label={`Show picture ${index + 1} of ${pictures.length}: ${picture.alt}`}
            aria-current={index === shown ? "true" : undefined}
            onClick={() => show(index)}
            className={cn(
              "size-16 overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand",
              index === shown ? "border-brand" : "border-line hover:border-brand/60",
            )}
          >
            <ProductImage src={picture.url} alt="" sizes="64px" />
          </button>
        ))}
      </div>
    </div>
  );
}
