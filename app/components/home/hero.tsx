import { ShieldCheck, Sparkles, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

const highlights = [
  { icon: ShieldCheck, label: "Enamel-safe formula" },
  { icon: Stethoscope, label: "Dentist recommended" },
  { icon: Sparkles, label: "Results in 3-5 days" },
];

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-mint">
      <img
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover object-[70%_50%] md:object-right"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-white/95 via-white/80 to-white/10 md:from-white/90 md:via-white/55 md:to-transparent" />
      <div className="mx-auto flex min-h-[30rem] max-w-7xl items-center px-4 py-16 sm:px-6 md:min-h-[34rem] lg:px-8">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-brand-strong shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            Professional results at home
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            A brighter smile, the gentle way
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            Enamel-safe whitening strips, toothpaste and pens, recommended by dentists. See a
            visible difference in 3-5 days, with results that last up to 12 months.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Button asChild size="lg">
              <Link to="/store">Shop Now</Link>
            </Button>
            <Link
              to="/about"
              className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
            >
              Our story
            </Link>
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
    </section>
  );
}
