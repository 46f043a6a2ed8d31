import { Link } from "react-router";

type ErrorPageProps = {
  status: number;
  title: string;
  detail: string;
  action: { to: string; label: string };
};

/** The one error screen: status, title, what happened, and a way back. */
export function ErrorPage({ status, title, detail, action }: ErrorPageProps) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Job Board`}</title>
      <p className="text-5xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p role="alert" className="mt-2 text-slate-600">
        {detail}
      </p>
      <Link
        to={action.to}
        className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {action.label}
      </Link>
    </main>
  );
}
