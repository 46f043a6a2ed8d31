import { ArrowUp } from "#app/components/icons.tsx";
import { useEffect, useState } from "react";

/** Spec: a scroll-to-top button appears after more than 300 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 300;

export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      aria-label="Scroll to top"
      className="fixed right-4 bottom-4 z-40 rounded-full bg-brand-600 p-3 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
