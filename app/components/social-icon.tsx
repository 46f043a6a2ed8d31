import { Globe, MessageCircle, Send } from "#app/components/icons.tsx";

/**
 * lucide dropped brand logos, so brands are drawn as a lettered badge; every link that uses one also
 * carries the brand's name as its accessible name.
 */
const LETTERS = { linkedin: "in", facebook: "f", instagram: "IG", twitter: "X" } as const;

export type SocialKind = keyof typeof LETTERS | "site" | "telegram" | "whatsapp";

export function SocialIcon({ kind, className = "h-5 w-5" }: { kind: SocialKind; className?: string }) {
  if (kind === "site") return <Globe aria-hidden="true" className={className} />;
  if (kind === "telegram") return <Send aria-hidden="true" className={className} />;
  if (kind === "whatsapp") return <MessageCircle aria-hidden="true" className={className} />;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center rounded-[4px] border-2 border-current text-[0.55rem] leading-none font-bold ${className}`}
    >
      {LETTERS[kind]}
    </span>
  );
}
