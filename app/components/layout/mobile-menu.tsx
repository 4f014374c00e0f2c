import { Suspense, useState } from "react";
import { Menu } from "~/components/ui/icons";
import { lazyPart, useOpenedOnce } from "~/components/ui/lazy-part";

// The sheet (its links and the account's actions) is fetched when the menu is first opened, or
// when the pointer or focus reaches the button.
const sheet = lazyPart(() =>
  import("./mobile-menu-sheet").then((module) => module.MobileMenuSheet),
);

/** The phone menu: a button that opens a side sheet. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={sheet.preload}
        onFocus={sheet.preload}
        aria-label="Open menu"
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-mint/60 md:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <sheet.Component open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
