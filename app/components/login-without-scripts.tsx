import { useId } from "react";
import { Link } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { Honeypot } from "#app/components/honeypot.tsx";
import { buttonClass, CredentialsFields, TermsLabel } from "#app/components/login-fields.tsx";
import { SecondStepWithoutScripts } from "#app/components/second-step-without-scripts.tsx";
import { NEW_USER, PROVIDER_ERROR, RETURNING_USER } from "#app/lib/login-messages.ts";
import {
  SECOND_STEP_FORM_ERRORS,
  SIGN_IN_FORM_ERRORS,
  SIGN_UP_CHECK_MAIL,
  SIGN_UP_FORM_ERRORS,
  type LoginFormRefusal,
} from "#shared/session.ts";

const secondaryButtonClass = "rounded-lg border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-50";

/** A refusal's words, when the address names one the form has words for. */
const refusalIn = (messages: Partial<Record<LoginFormRefusal, string>>, outcome: string | null) =>
  outcome && Object.hasOwn(messages, outcome) ? (messages[outcome as LoginFormRefusal] ?? null) : null;

/**
 * The login page for a browser without JavaScript (ADR 41): forms the browser posts itself to `/login`, held by the
 * honeypot and better-auth's own limits instead of the proof of work. The outcome comes back in the address: a
 * refusal, a success with the way on, or the second step's code form for an account that has two-step sign-in.
 */
export function LoginWithoutScripts({ target, searchParams }: { target: string; searchParams: URLSearchParams }) {
  const signIn = searchParams.get("signin");
  const signUp = searchParams.get("signup");
  if (signIn === "second-step")
    return (
      <SecondStepWithoutScripts
        target={target}
        refused={refusalIn(SECOND_STEP_FORM_ERRORS, searchParams.get("step"))}
      />
    );
  const success = signIn === "existing" ? RETURNING_USER : signUp === "sent" ? NEW_USER : null;
  if (success) {
    return (
      <AuthCard title="Sign In" intro="JavaScript is off in this browser.">
        <AuthMessages success={success} error={null} />
        <Link to={target} className="mt-4 inline-block font-medium text-brand-700 underline">
          Continue
        </Link>
      </AuthCard>
    );
  }
  return (
    <EmailFormWithoutScripts
      target={target}
      notice={signUp === "mailed" ? SIGN_UP_CHECK_MAIL : null}
      refused={
        refusalIn(SIGN_IN_FORM_ERRORS, signIn) ??
        refusalIn(SIGN_UP_FORM_ERRORS, signUp) ??
        (signIn === "error" ? PROVIDER_ERROR : null)
      }
    />
  );
}

/**
 * Sign in, or create an account, with one form: the button pressed says which (`intent`). The browser checks the box,
 * the address and the password's length before it sends.
 */
function EmailFormWithoutScripts({
  target,
  notice,
  refused,
}: {
  target: string;
  notice: string | null;
  refused: string | null;
}) {
  const terms = useId();
  return (
    <AuthCard
      title="Sign In or Create an Account"
      intro="JavaScript is off in this browser: sign in or create an account with your email here."
    >
      <AuthMessages success={notice} error={refused} />
      <form method="post" action="/login" className="mt-4 grid gap-4">
        <Honeypot />
        <input type="hidden" name="from" value={target} />
        <div className="flex items-start gap-2">
          <input
            id={terms}
            type="checkbox"
            name="terms"
            value="yes"
            required
            className="mt-1 size-4 accent-brand-600"
          />
          <label htmlFor={terms} className="text-sm text-slate-700">
            <TermsLabel />
          </label>
        </div>
        {/* One form both signs in and creates an account: the password's limits are a new account's. */}
        <CredentialsFields newAccount={false} limits />
        {/* The first button is the one Enter presses: signing in. */}
        <button type="submit" name="intent" value="sign-in" className={buttonClass}>
          Sign in with email
        </button>
        <div className="mt-2 grid gap-4 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">
            New here? Add your name if you like, and create an account with this email and a password of at least 8
            characters.
          </p>
          <AuthField label="Name" name="name" autoComplete="name" />
          <button type="submit" name="intent" value="sign-up" className={secondaryButtonClass}>
            Create account
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
