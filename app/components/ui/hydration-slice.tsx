import { type ReactNode, Suspense, useRef } from "react";

// Hydration in slices (decision record 028). React DOM hydrates a page in slices of a few
// milliseconds and lets the browser run between them; Preact, which runs the pages in the browser,
// hydrates in one pass: the product page was one task of 130 ms at Lighthouse's 4x CPU slowdown,
// all of it blocking time. A HydrationSlice marks a part of the page that may wait for a later
// task: once the task hydrating the page has run SLICE_MS, the part keeps the server's markup and
// is hydrated in a task of its own (Preact keeps a suspended part's markup while hydrating).

/** Milliseconds of hydration in one task before the next slice waits for a task of its own. */
const SLICE_MS = 8;

let hydrating = false;
let taskStart = 0;
let waiting = 0;
let markHydrated: () => void = () => {};
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

function settleIfDone() {
  if (waiting > 0) return;
  hydrating = false;
  markHydrated();
}

/** Settles in a later task (a timer), once the browser has had a turn. */
export function aLaterTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The later task a waiting part is hydrated in, counted until that part has been hydrated. */
function partWaits(): Promise<void> {
  waiting++;
  return aLaterTask().then(() => {
    taskStart = performance.now();
    // The part is hydrated in this task's microtasks; anything it defers again is counted first.
    void aLaterTask().then(() => {
      waiting--;
      settleIfDone();
    });
  });
}

/** Hydrates the page (`hydrate` calls hydrateRoot), leaving the slices past the budget for later. */
export function hydrateInSlices(hydrate: () => void) {
  hydrating = true;
  taskStart = performance.now();
  hydrate();
  settleIfDone();
}

/** Settles once every slice of the page has been hydrated (at once when nothing was sliced). */
export function whenHydrated(): Promise<void> {
  return hydrating ? hydrated : Promise.resolve();
}

/**
 * Waits only in its first render, its hydration: a part already hydrated that renders again while
 * other parts still wait (a store it reads changed) must not suspend, or Preact takes its markup
 * out of the page until the next task (the page emptied and filled again: a layout shift of 0.56
 * on the home page, seen in a CI run).
 */
function Gate({ children }: { children: ReactNode }) {
  const rendered = useRef(false);
  if (!rendered.current && hydrating && performance.now() - taskStart > SLICE_MS) {
    throw partWaits();
  }
  rendered.current = true;
  return children;
}

/**
 * A part of the page that may be hydrated in a later task. Its children must render exactly one
 * element at the top (a <header>, a <main>, a <section>): a waiting part keeps only the first
 * element of its server markup. On the server and once the page is hydrated it is only its
 * children (and the Suspense boundary around them).
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
