import { SearchX } from "lucide-react";
import { Link } from "react-router";

/** The body of every 404 inside the site layout. */
export function NotFoundMessage({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <SearchX aria-hidden="true" className="mx-auto h-16 w-16 text-brand-600" />
      <p className="mt-4 text-5xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to Find Jobs
      </Link>
    </main>
  );
}
