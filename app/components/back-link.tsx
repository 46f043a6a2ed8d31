import { ArrowLeft } from "#app/components/icons.tsx";
import { Link, useNavigate } from "react-router";

/**
 * Back one step when there is somewhere to go back to inside the app; otherwise (a direct visit, a shared link, no
 * JavaScript yet) an ordinary link to `fallback`, so Back never leaves the site or does nothing.
 */
export function BackLink({ fallback, className }: { fallback: string; className: string }) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
      className={className}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Link>
  );
}
