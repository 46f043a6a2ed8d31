import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { api } from "#app/lib/api-client.ts";
import { unlisted } from "#app/lib/meta.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Forgot password");

/** The same words whether or not the address has an account, so the page tells nobody who has one. */
const SENT =
  "If an account uses that address, we sent it a link to choose a new password. The link works once, for one hour.";

export default function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setError(null);
    const result = await api.requestPasswordReset(email, "/reset-password");
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.kind === "unreadable" ? "Enter the email address you signed up with." : result.message);
  };

  return (
    <AuthCard title="Forgot password?" intro="We mail you a link to choose a new password.">
      <AuthMessages success={sent ? SENT : null} error={error} />
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
        <AuthField label="Email" name="email" type="email" required autoComplete="email" />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Send the link
        </button>
      </form>
      <Link to="/login" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Back to Sign In
      </Link>
    </AuthCard>
  );
}
