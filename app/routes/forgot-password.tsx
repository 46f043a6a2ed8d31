import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { Honeypot } from "#app/components/honeypot.tsx";
import { api } from "#app/lib/api-client.ts";
import { formRefusal } from "#app/context.server.ts";
import { unlisted } from "#app/lib/meta.ts";
import { PASSWORD_RESET_WORDS, RESET_PASSWORD_PATH } from "#shared/session.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Forgot password");

/**
 * Without JavaScript the browser posts the form to this path, which the server takes first (ADR 41): success comes back
 * as `?sent`, a refusal here, to be shown with the address typed.
 */
export function action({ context }: Route.ActionArgs) {
  return formRefusal(context);
}

/** The same words whether or not the address has an account, so the page tells nobody who has one. */
const SENT = PASSWORD_RESET_WORDS.sent;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [sent, setSent] = useState(params.has("sent"));
  const [error, setError] = useState<string | null>(actionData?.message ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setError(null);
    const result = await api.requestPasswordReset(email, RESET_PASSWORD_PATH);
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.kind === "unreadable" ? PASSWORD_RESET_WORDS.invalidEmail : result.message);
  };

  return (
    <AuthCard title="Forgot password?" intro="We mail you a link to choose a new password.">
      <AuthMessages success={sent ? SENT : null} error={error} />
      <form
        method="post"
        action="/forgot-password"
        onSubmit={(event) => void submit(event)}
        className="mt-4 grid gap-4"
      >
        <Honeypot />
        <AuthField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={actionData?.values.email ?? ""}
        />
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
