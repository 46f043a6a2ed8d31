import { data } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Page not found") },
  { name: "robots", content: "noindex" },
];

/** Any path no other route claims: the site layout with a real HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorPage
      status={404}
      title="Page not found"
      detail="The page you are looking for does not exist or has moved. Try searching the latest jobs instead."
    />
  );
}
