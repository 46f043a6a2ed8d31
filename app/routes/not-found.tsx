import { data } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Job Board" },
  { name: "robots", content: "noindex" },
];

/** Any path no other route claims: the site layout with a real HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <NotFoundMessage
      title="Page not found"
      detail="The page you are looking for does not exist or has moved. Try searching the latest jobs instead."
    />
  );
}
