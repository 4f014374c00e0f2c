import heroSvg from "../../../public/images/hero.svg?raw";

// The hero's background illustration, inlined: it paints with the first HTML, with no request of
// its own (it was the slowest part of the home page's first paint on phones). Decorative, so it is
// hidden from assistive technology. Its source stays public/images/hero.svg.
const markup = heroSvg
  .replace(/<title>[\s\S]*?<\/title>/, "")
  .replace(
    '<rect width="1600" height="900" fill="url(#bg)"/>',
    '<rect class="hero-bg" width="1600" height="900" fill="url(#bg)"/>',
  )
  .replace(
    /<svg ([^>]*?)width="1600" height="900"/,
    '<svg $1preserveAspectRatio="xMaxYMid slice" aria-hidden="true" focusable="false" class="block size-full"',
  );

/**
 * On phones the frame is 4:3 and shows the products' part of the artwork (x 760-1600, y 130-760
 * of the 1600 x 900 drawing) under the text; from 768 px it covers the whole hero, right-aligned.
 */
export function HeroArt() {
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden md:absolute md:inset-0 md:-z-10 md:aspect-auto">
      <div
        data-testid="hero-art"
        className="absolute top-[-20.63%] left-[-90.48%] aspect-[16/9] w-[190.48%] max-md:[&_.hero-bg]:hidden md:inset-0 md:aspect-auto md:size-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own static SVG, read at build time.
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    </div>
  );
}
