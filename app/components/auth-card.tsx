import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Link } from "react-router";
import { useSite } from "#app/hooks/use-root-data.ts";

/** The centred card of the sign-in pages (login, forgot password, reset password). */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const site = useSite();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-md sm:p-8">
        <Link to="/" className="text-lg font-bold text-brand-600">
          {site.name}
        </Link>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        {children}
      </div>
    </main>
  );
}

/**
 * What a sign-in page says happened: a success and an error, each in a live region that is always in the page, so a
 * screen reader announces the message when it appears.
 */
export function AuthMessages({ success, error }: { success: string | null; error: string | null }) {
  return (
    <>
      <div role="status" className="mt-4 empty:hidden">
        {success ? <p className="rounded-md bg-emerald-50 px-3 py-2 font-medium text-emerald-800">{success}</p> : null}
      </div>
      <div role="alert" className="mt-2 empty:hidden">
        {error ? <p className="rounded-md bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
      </div>
    </>
  );
}

type AuthFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Under the input: a hint or a link. */
  children?: ReactNode;
};

/** A labelled input of the sign-in forms. */
export function AuthField({ label, children, ...input }: AuthFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} className="rounded-md border border-slate-300 px-3 py-2" {...input} />
      {children}
    </div>
  );
}
