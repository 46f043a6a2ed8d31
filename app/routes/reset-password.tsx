import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { api } from "#app/lib/api-client.ts";
import { formRefusal } from "#app/context.server.ts";
import { unlisted } from "#app/lib/meta.ts";
import { PASSWORD_RESET_WORDS, RESET_PASSWORD_PATH } from "#shared/session.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Choose a new password");

/**
 * Without JavaScript the browser posts the form (the token a hidden field) to this path, which the server takes first
 * (ADR 41): success comes back as `?done`, a refusal here, to be shown with the token kept and the password not.
 */
export function action({ context }: Route.ActionArgs) {
  return formRefusal(context);
}

const EXPIRED = PASSWORD_RESET_WORDS.expired;

/** Where better-auth's reset link lands, with `?token=…` (or `?error=INVALID_TOKEN` when the link is no good). */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // A refused post comes back to this path without the link's query: its token is the one the form sent.
  const token = params.get("token") ?? actionData?.values.token ?? null;
  const [done, setDone] = useState(params.has("done"));
  const [error, setError] = useState<string | null>(() => {
    if (actionData) return actionData.message;
    return done || (token && !params.get("error")) ? null : EXPIRED;
  });
  const [busy, setBusy] = useState(false);
  // A refusal of the token itself: the form would only be refused again.
  const usable = token !== null && actionData?.message !== EXPIRED;

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
    else if (newPassword.length < 8) setError(PASSWORD_RESET_WORDS.tooShort);
    else setError(EXPIRED);
  };

  return (
    <AuthCard
      title="Choose a new password"
      intro="Every device signed in to your account is signed out once you change it."
    >
      <AuthMessages success={done ? PASSWORD_RESET_WORDS.changed : null} error={error} />
      {done ? (
        <Link to="/login" className="mt-4 inline-block font-medium text-brand-700 underline">
          Sign in
        </Link>
      ) : usable ? (
        <form
          method="post"
          action={RESET_PASSWORD_PATH}
          onSubmit={(event) => void submit(event)}
          className="mt-4 grid gap-4"
        >
          <input type="hidden" name="token" value={token} />
          <AuthField
            label="New password"
            name="password"
            type="password"
            required
            minLength={8}
            maxLength={128}
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
