import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Spec §9: the post, update and login flows move on 2 s after their success message. */
export const REDIRECT_DELAY_MS = 2000;

/** Once `when` is true, navigate to `to` after the delay (cancelled if the component goes away first). */
export function useRedirectAfter(when: boolean, to: string, { replace = false } = {}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => navigate(to, { replace }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [when, to, replace, navigate]);
}
