// The search box's text field, shared by the list and the plain field standing in while it loads,
// so the swap between them moves nothing.

export const SEARCH_PLACEHOLDER = "Search products...";
export const SEARCH_INPUT_MAX = 200;
export const SEARCH_FIELD_ROW = "flex items-center gap-3 border-b border-line px-4";
export const SEARCH_INPUT =
  "h-14 w-full bg-transparent text-base text-ink outline-none placeholder:text-slate-500";
