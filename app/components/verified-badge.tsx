import { BadgeCheck } from "#app/components/icons.tsx";

/**
 * The "Verified" badge (issue 32): the company's owner proved an address on its own domain, or an admin vouched for it.
 * The title says which promise the word makes; the word itself is what screen readers read.
 */
export function VerifiedBadge({ className = "" }: { className?: string }) {
  return (
    <span
      title="Verified company: its employer's address is on the company's own domain, or the board checked it"
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ${className}`}
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      Verified
    </span>
  );
}
