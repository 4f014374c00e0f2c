import { z } from "zod/mini";

// Zod for code that runs in the browser: the small "mini" build (the full one adds ~25 kB to the
// first script), without its compiled fast path. Zod finds out whether it may compile by trying
// `new Function`, which the shop's Content-Security-Policy forbids: the browser would report a
// violation on every page. Import `z` from here in browser code, never from "zod/mini" directly.
z.config({ jitless: true });

export { z };
