// The page's scripts are fetched after what paints it. React Router preloads every module a page
// needs with `<link rel="modulepreload">` in the head, which browsers fetch at high priority, in
// step with the stylesheet, the font and the main image; on a slow connection that delays the first
// paint by the time of the framework's download (and Lighthouse counts such scripts as blocking it).
// The page is complete as rendered, so its scripts can wait: each of those links gets
// `fetchpriority="low"`. React Router renders them without a way to say so, hence this small
// rewrite of the document's head (decision record 018). A change in React Router's markup makes it
// a no-op, which the end-to-end test of the head notices.

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/** `html` with its head's module preloads at low priority; the body is not searched or copied. */
export function lowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = html.indexOf(PRELOAD, from); at !== -1 && at < headEnd; ) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_PRELOAD);
    from = at + PRELOAD.length;
    at = html.indexOf(PRELOAD, from);
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
