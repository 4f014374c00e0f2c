import type { PublicConfig } from "~/lib/public-config";

type Social = PublicConfig["social"];

// lucide has no brand logos; these are simple single-path marks at the icon set's size.
const icons: Record<keyof Social, string> = {
  instagram:
    "M12 7.2A4.8 4.8 0 1 0 12 16.8 4.8 4.8 0 0 0 12 7.2Zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2Zm5-8.1a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM16.3 3H7.7A4.7 4.7 0 0 0 3 7.7v8.6A4.7 4.7 0 0 0 7.7 21h8.6a4.7 4.7 0 0 0 4.7-4.7V7.7A4.7 4.7 0 0 0 16.3 3Zm3 13.3a3 3 0 0 1-3 3H7.7a3 3 0 0 1-3-3V7.7a3 3 0 0 1 3-3h8.6a3 3 0 0 1 3 3Z",
  facebook:
    "M13.5 21v-7.7h2.6l.4-3h-3V8.4c0-.9.3-1.5 1.5-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21Z",
  tiktok:
    "M16.6 3h-3.1v12.3a2.7 2.7 0 1 1-2.7-2.7c.3 0 .5 0 .8.1V9.5a5.8 5.8 0 1 0 5 5.8V9a7.4 7.4 0 0 0 4.4 1.4V7.3A4.4 4.4 0 0 1 16.6 3Z",
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
      {entries.map(([network, href]) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-brand hover:text-white"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
              <path d={icons[network]} />
            </svg>
            <span className="sr-only">{`${shopName} on ${labels[network]}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
