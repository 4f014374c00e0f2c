import type { SVGProps } from "react";
import sprite from "./icons.svg?no-inline";

// The shop's icons: Lucide's (ISC licence, lucide.dev), drawn once in a sprite (icons.svg, one
// <symbol> per icon) that pages point at with <use>. An icon in the page is an empty <svg> with a
// <use> in it, a third of the bytes of the icon's own paths (65 icons on a store page were 26 KB
// of its 120 KB), the same few elements for React to render on the server, and no path data in
// the browser's scripts. The sprite is a hashed asset: fetched once, cached for good, sent
// compressed like the stylesheet. The markup is Lucide's own, from lucide-react 1.77.0:
// icons.test.tsx checks every symbol against that package and every icon here against the sprite,
// so a typo, a drift or a missing symbol fails there. To add one: add Lucide's markup to
// icons.svg as a <symbol> with Lucide's name as its id, and export it below.

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;

export type Icon = ((props: IconProps) => React.JSX.Element) & {
  /** Lucide's name for the icon: its file in lucide-react/icons and its symbol's id in icons.svg. */
  iconName: string;
};

/** Where the sprite is served: its hashed URL in the build. */
export const iconSprite: string = sprite;

function icon(name: string, viewBox = "0 0 24 24"): Icon {
  const href = `${sprite}#${name}`;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon when this module loads, never during a render.
  const Component = ({ "aria-label": label, ...props }: IconProps) =>
    label === undefined ? (
      <svg width="24" height="24" viewBox={viewBox} aria-hidden="true" {...props}>
        <use href={href} />
      </svg>
    ) : (
      <svg width="24" height="24" viewBox={viewBox} role="img" aria-label={label} {...props}>
        <use href={href} />
      </svg>
    );
  return Object.assign(Component, { iconName: name });
}

export const ArrowDown = icon("arrow-down");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const ArrowUp = icon("arrow-up");
export const BadgeCheck = icon("badge-check");
export const Bold = icon("letter-b");
export const ChartColumn = icon("chart-column");
export const Check = icon("check");
export const CheckCircle2 = icon("circle-check");
export const ChevronDown = icon("chevron-down");
export const Clock = icon("clock");
export const CreditCard = icon("credit-card");
export const Download = icon("download");
export const Flag = icon("flag");
export const FileText = icon("file-text");
export const FlaskConical = icon("flask-conical");
export const Gift = icon("gift");
export const Heading3 = icon("heading-3");
export const Heart = icon("heart");
export const ImageIcon = icon("image");
export const Italic = icon("italic");
export const LayoutDashboard = icon("layout-dashboard");
export const Link2 = icon("link-2");
export const List = icon("list");
export const ListOrdered = icon("list-ordered");
export const Loader2 = icon("loader-circle");
export const Lock = icon("lock");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailWarning = icon("mail-exclamation-point");
export const Menu = icon("menu");
export const MessageCircle = icon("message-circle");
export const MessageSquareText = icon("message-square-text");
export const Minus = icon("minus");
export const Newspaper = icon("newspaper");
export const Package = icon("package");
export const Phone = icon("phone");
export const Plus = icon("plus");
export const Quote = icon("quote");
export const RotateCcw = icon("rotate-ccw");
export const Search = icon("search");
export const SearchX = icon("search-x");
export const Settings = icon("settings");
export const ShieldCheck = icon("shield-check");
export const ShoppingBag = icon("shopping-bag");
export const Sparkles = icon("sparkles");
export const Stethoscope = icon("stethoscope");
export const Tags = icon("tags");
export const Trash2 = icon("trash");
export const TriangleAlert = icon("triangle-exclamation-point");
export const Truck = icon("truck");
export const Unlink = icon("unlink");
export const UserRound = icon("user-round");
export const Users = icon("users");
export const X = icon("x");
export const Zap = icon("zap");

// The shop's own marks, drawn in the sprite beside Lucide's icons (ids starting "gleam-"): brand
// logos, which Lucide does not draw (rating stars are drawn by CSS: ./stars.tsx).
export const Facebook = icon("gleam-facebook");
export const Instagram = icon("gleam-instagram");
export const TikTok = icon("gleam-tiktok");
export const WhatsApp = icon("gleam-whatsapp");
