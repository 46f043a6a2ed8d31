import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigation } from "react-router";
import { useUser } from "#app/hooks/use-root-data.ts";

/**
 * Spec §2 protected-route wrapper. The route loaders already redirect anonymous requests; this covers a
 * session that ends while the page is open: 'Loading...' while the router re-checks who is signed in,
 * then /login with the original location in state (and in the URL, so a reload keeps it).
 */
export function Protected({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const navigation = useNavigation();
  if (user) return <>{children}</>;
  if (navigation.state !== "idle") {
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  const from = `${location.pathname}${location.search}`;
  return <Navigate to={`/login?from=${encodeURIComponent(from)}`} state={{ from: location }} replace />;
}
