import type { CSSProperties, ReactNode } from "react";

/** Inline style that hides an element after `ms` (see timed.css for why this is CSS, not a timer). */
export const hideAfter = (ms: number): CSSProperties => ({ animation: `timed-hide 0s linear ${ms}ms forwards` });

/** Inline style that keeps an element hidden and unclickable for its first `ms`, e.g. while a timed overlay covers the page. */
export const revealAfter = (ms: number): CSSProperties => ({ animation: `timed-reveal ${ms}ms linear` });

/**
 * Covers its positioned parent for `ms`, then gets out of the way. Give it a `key` that changes with the
 * content (e.g. the job id) so a new page starts the timer again.
 */
export function TimedOverlay({
  ms,
  className = "",
  children,
}: {
  ms: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`z-30 ${className}`} style={hideAfter(ms)}>
      {children}
    </div>
  );
}
