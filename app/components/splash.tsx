import { useSite } from "#app/hooks/use-root-data.ts";
import { TimedOverlay } from "#app/components/timed-overlay.tsx";

/** Spec: the home page opens with a 2-second splash showing the logo. */
export const SPLASH_MS = 2000;

export function Splash() {
  const { name } = useSite();
  return (
    <TimedOverlay ms={SPLASH_MS} className="fixed inset-0 z-[60] flex items-center justify-center bg-white">
      <div role="status" aria-label={`Loading ${name}`} className="flex flex-col items-center gap-4">
        <img src="/images/logo.svg" alt="" width={96} height={96} className="h-24 w-24 animate-pulse" />
        <span className="text-2xl font-bold text-brand-700">{name}</span>
      </div>
    </TimedOverlay>
  );
}
