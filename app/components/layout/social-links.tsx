import type { PublicConfig } from "@common/public-config";
import { Facebook, type Icon, Instagram, TikTok } from "~/components/ui/icons";

type Social = PublicConfig["social"];

const icons: Record<keyof Social, Icon> = {
  instagram: Instagram,
  facebook: Facebook,
  tiktok: TikTok,
};

const labels: Record<keyof Social, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
};

export function SocialLinks({ social, shopName }: { social: Social; shopName: string }) {
  const entries = Object.entries(social) as Array<[keyof Social, string]>;
  return (
    <ul className="flex gap-2">
      {entries.map(([network, href]) => {
        const Mark = icons[network];
        return (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-tints hover:bg-brand hover:text-white"
            >
              <Mark width="20" height="20" />
              <span className="sr-only">{`${shopName} on ${labels[network]}`}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
