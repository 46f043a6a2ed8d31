import { Building2 } from "#app/components/icons.tsx";
import { useEffect, useRef, useState } from "react";
import { hideAfter } from "#app/components/timed-overlay.tsx";

export const FALLBACK_LOGO = "/images/company-fallback.svg";

type Props = {
  src: string | null | undefined;
  companyName: string;
  className?: string;
  /** Spec (job card): a skeleton for 2 s, then the image. */
  skeletonMs?: number;
  /** Spec: the card falls back to a default image, the detail page to an icon. */
  fallback?: "image" | "icon";
};

export function CompanyLogo({ src, companyName, className = "h-12 w-12", skeletonMs, fallback = "image" }: Props) {
  const [failed, setFailed] = useState(!src);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // A server-rendered <img> can fail before React hydrates and attaches onError; catch that case here.
    const img = image.current;
    setFailed(!src || Boolean(img && img.complete && img.naturalWidth === 0));
  }, [src]);

  const alt = `${companyName} logo`;
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white ${className}`}
    >
      {failed && fallback === "icon" ? (
        <Building2 role="img" aria-label={alt} className="h-3/5 w-3/5 text-brand-600" />
      ) : (
        <img
          ref={image}
          src={failed || !src ? FALLBACK_LOGO : src}
          alt={alt}
          decoding="async"
          // The logo's host (the employer's, privacy notice) is not told which page of ours it is shown on.
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="h-full w-full object-contain"
        />
      )}
      {skeletonMs ? (
        <span
          aria-hidden="true"
          data-testid="logo-skeleton"
          className="absolute inset-0 animate-pulse rounded-lg bg-slate-200"
          style={hideAfter(skeletonMs)}
        />
      ) : null}
    </span>
  );
}
