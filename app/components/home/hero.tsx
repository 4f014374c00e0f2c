import { buttonVariants } from "~/components/ui/button";
import { ShieldCheck, Sparkles, Stethoscope } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { HeroArt } from "./hero-art";

// The hero's title and text are the owner's, edited in the admin (docs/admin.md#pages).

const highlights = [
  { icon: ShieldCheck, label: "Enamel-safe formula" },
  { icon: Stethoscope, label: "Dentist recommended" },
  { icon: Sparkles, label: "Results in 3-5 days" },
];

export function Hero({ title, text }: { title: string; text: string }) {
  return (
    <section className="relative isolate flex flex-col overflow-hidden bg-gradient-to-b from-brand-soft to-mint md:block md:bg-mint">
      <div className="shop-container flex items-center pt-10 pb-4 md:min-h-[34rem] md:py-16">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-brand-strong shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            Professional results at home
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
          <p className="mt-5 text-lg text-slate-700">{text}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <ShopLink to="/store" className={buttonVariants({ size: "lg" })}>
              Shop Now
            </ShopLink>
            <ShopLink
              to="/about"
              className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
            >
              Our story
            </ShopLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {highlights.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-2">
                <Icon className="size-4 text-brand" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {/* After the text in the document, not only on screen: a browser may paint a page it has
          only partly read, and art placed first and moved below the text (CSS order) jumped down
          the phone's screen when the text arrived (a layout shift of 0.37 on a cold load). */}
      <HeroArt />
      <div className="absolute inset-0 -z-10 hidden bg-gradient-to-r from-white/90 via-white/55 to-transparent md:block" />
    </section>
  );
}
