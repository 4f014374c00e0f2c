// Finds Tailwind utilities on one element that set the same CSS property (`border-line` and
// `border-coral`, `size-11` and `size-12`, `min-h-32` and `min-h-24`). With no class merger
// (decision record 003), which one wins depends on the order of the generated stylesheet, not on
// the order of the classes, so a caller's class silently loses to a primitive's own: components
// offer variants instead, and component tests check rendered markup with this.

const TEXT_SIZES = /^(xs|sm|base|lg|xl|[2-9]xl)$/;
const TEXT_OTHER =
  /^(left|center|right|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip)$/;
const BORDER_WIDTH_OR_STYLE =
  /^(\d+|x|y|t|b|l|r|s|e|x-\d+|y-\d+|t-\d+|b-\d+|l-\d+|r-\d+|solid|dashed|dotted|double|hidden|none|collapse|separate)$/;
const OUTLINE_OTHER = /^(\d+|offset-.*|none|dashed|dotted|double|solid|hidden)$/;
const BG_OTHER =
  /^(fixed|local|scroll|clip-.*|origin-.*|cover|contain|auto|center|top|bottom|left|right|repeat.*|no-repeat|linear-.*|radial.*|conic.*|gradient-.*|none|blend-.*)$/;
const ROUNDED_SIDE = /^(t|b|l|r|s|e|tl|tr|bl|br|ss|se|es|ee)(-|$)/;
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;

/** The CSS property (or group) a utility sets, or null when it is not one this checks. */
function groupOf(utility: string): string | null {
  const [, rest = ""] = /^-?(.*)$/.exec(utility) ?? [];
  const [name, value = ""] = splitUtility(rest);
  switch (name) {
    case "bg":
      return BG_OTHER.test(value) ? null : "background-color";
    case "text":
      if (TEXT_SIZES.test(value)) return "font-size";
      return TEXT_OTHER.test(value) ? null : "color";
    case "border":
      if (value === "" || BORDER_WIDTH_OR_STYLE.test(value)) return null;
      return "border-color";
    case "outline":
      return value === "" || OUTLINE_OTHER.test(value) ? null : "outline-color";
    case "rounded":
      return ROUNDED_SIDE.test(value) ? null : "border-radius";
    case "size":
      return "size";
    case "font":
      return FONT_WEIGHT.test(value) ? "font-weight" : null;
    case "w":
    case "h":
    case "min-h":
    case "max-h":
    case "min-w":
    case "max-w":
    case "shadow":
    case "leading":
    case "p":
    case "px":
    case "py":
      return name;
    default:
      return null;
  }
}

function splitUtility(utility: string): [string, string] {
  for (const prefix of ["min-h", "max-h", "min-w", "max-w"]) {
    if (utility === prefix || utility.startsWith(`${prefix}-`)) {
      return [prefix, utility.slice(prefix.length + 1)];
    }
  }
  const dash = utility.indexOf("-");
  return dash === -1 ? [utility, ""] : [utility.slice(0, dash), utility.slice(dash + 1)];
}

/** Pairs of classes in `className` that fight over one property under the same variants. */
export function conflictingClasses(className: string): string[] {
  const seen = new Map<string, string>();
  const conflicts: string[] = [];
  for (const cls of className.split(/\s+/).filter(Boolean)) {
    // Variants (hover:, sm:, [&_svg]:, group-hover:) are part of the key: `text-ink` and
    // `hover:text-brand` do not fight. An arbitrary-value group stays whole.
    const parts = cls.split(/:(?![^[]*\])/);
    const utility = parts.pop() ?? "";
    const group = groupOf(utility.replace(/^!/, "").replace(/\/\d+$/, ""));
    if (!group) continue;
    const variants = parts.sort().join(":");
    const keys = [`${variants}|${group}`];
    // size-* sets width and height.
    if (group === "size") keys.push(`${variants}|w`, `${variants}|h`);
    if (group === "w" || group === "h") keys.push(`${variants}|size`);
    for (const key of keys) {
      const earlier = seen.get(key);
      if (earlier && earlier !== cls) conflicts.push(`${earlier} / ${cls}`);
    }
    seen.set(`${variants}|${group}`, cls);
  }
  return conflicts;
}

/** Every element under `root` whose classes conflict, described for a test failure. */
export function conflictsIn(root: Element): string[] {
  const found: string[] = [];
  for (const element of [root, ...root.querySelectorAll("[class]")]) {
    const className = element.getAttribute("class") ?? "";
    for (const conflict of conflictingClasses(className)) {
      found.push(`<${element.tagName.toLowerCase()}> ${conflict}`);
    }
  }
  return found;
}
