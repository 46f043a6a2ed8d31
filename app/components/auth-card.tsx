import type { ReactNode } from "react";
import { Link } from "react-router";

/** The centred card of the sign-in pages (login, forgot password, reset password). */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-md sm:p-8">
        <Link to="/" className="text-lg font-bold text-brand-600">
          Job Board
        </Link>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        {children}
      </div>
    </main>
  );
}
