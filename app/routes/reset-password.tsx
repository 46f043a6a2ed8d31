import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { api } from "#app/lib/api-client.ts";
import { unlisted } from "#app/lib/meta.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Choose a new password");

const EXPIRED = "This link has expired or was already used. Ask for a new one.";

/** Where better-auth's reset link lands, with `?token=…` (or `?error=INVALID_TOKEN` when the link is no good). */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token && !params.get("error") ? null : EXPIRED);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form shows only with a token.
    if (!token) return;
    const newPassword = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    setError(null);
    const result = await api.resetPassword(newPassword, token);
    setBusy(false);
    if (result.ok) setDone(true);
    else if (result.kind !== "unreadable") setError(result.message);
    else if (newPassword.length < 8) setError("The password must have at least 8 characters.");
    else setError(EXPIRED);
  };

  return (
    <AuthCard
      title="Choose a new password"
      intro="Every device signed in to your account is signed out once you change it."
    >
      <AuthMessages success={done ? "Your password is changed. Sign in with it." : null} error={error} />
      {done ? (
        <Link to="/login" className="mt-4 inline-block font-medium text-brand-700 underline">
          Sign in
        </Link>
      ) : token ? (
        <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
          <AuthField
            label="New password"
            name="password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
          >
            <p className="text-xs text-slate-600">At least 8 characters.</p>
          </AuthField>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Save the new password
          </button>
        </form>
      ) : (
        <Link to="/forgot-password" className="mt-4 inline-block font-medium text-brand-700 underline">
          Ask for a new link
        </Link>
      )}
    </AuthCard>
  );
}
