import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useLocation, useRevalidator, useSearchParams } from "react-router";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { Honeypot } from "#app/components/honeypot.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { authClient, authErrorMessage, storeSessionToken, type SignInProvider } from "#app/lib/auth-client.ts";
import { api, NETWORK_FAILURE } from "#app/lib/api-client.ts";
import { fromState, safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { useElapsed } from "#app/hooks/use-elapsed.ts";
import { useRedirectAfter } from "#app/hooks/use-redirect-after.ts";
import { titled } from "#app/lib/meta.ts";
import {
  SECOND_STEP_FORM_ERRORS,
  SIGN_IN_FORM_ERRORS,
  SIGN_UP_FORM_ERRORS,
  VERIFIED_LANDING,
  type LoginFormRefusal,
} from "#shared/session.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Sign In") },
  { name: "description", content: "Sign in to post, edit and delete your job listings." },
];

const TERMS_ERROR = "Please agree to the Terms and Conditions to login.";
const PROVIDER_ERROR = "Error signing up with social provider.";
const NEW_USER = "Welcome! Signup successful!";
const RETURNING_USER = "Login successful!";
const WRONG_CODE = "That code is not right, or this sign-in took too long. Try the current code, or sign in again.";
const WRONG_RECOVERY_CODE = "That recovery code is not right or was used already.";
/** Spec §9: the app moves on 2 s after the success message. */

const PROVIDERS: { id: SignInProvider; name: string }[] = [
  { id: "google", name: "Google" },
  { id: "github", name: "GitHub" },
];

const TERMS_LABEL = (
  <>
    I agree to the{" "}
    <Link to="/terms-and-condition" className="font-medium text-brand-700 underline">
      Terms and Conditions
    </Link>{" "}
    and the{" "}
    <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
      Privacy Policy
    </Link>
    .
  </>
);

type Mode = "signIn" | "signUp";

export default function Login() {
  const ready = useElapsed(1500);
  const { auth } = useRootData();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(fromState(location.state) ?? searchParams.get("from"));
  const returnedFrom = searchParams.get("signin");

  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [error, setError] = useState<string | null>(returnedFrom === "error" ? PROVIDER_ERROR : null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<Mode>("signIn");
  // Back from a provider (or a mailed link) for an account with two-step sign-in: the server holds the sign-in until
  // the code is given, exactly as after a password.
  const afterProvider = returnedFrom === "second-step";
  const [secondStep, setSecondStep] = useState<"totp" | "recovery" | null>(afterProvider ? "totp" : null);
  const ids = {
    terms: useId(),
    termsError: useId(),
  };

  // Back from a provider: the server already created the session; the URL says whether the user is new.
  useEffect(() => {
    if (returnedFrom !== "new" && returnedFrom !== "existing") return;
    void storeSessionToken();
    void api.syncSignIn(auth.tokenSyncUrl);
    setSuccess(returnedFrom === "new" ? NEW_USER : RETURNING_USER);
  }, [returnedFrom, auth.tokenSyncUrl]);

  useRedirectAfter(Boolean(success), target, { replace: true });

  const requireTerms = () => {
    if (agreed) return true;
    setTermsError(true);
    return false;
  };

  const signInWith = async (provider: SignInProvider) => {
    setError(null);
    if (!requireTerms()) return;
    setBusy(true);
    const back = (outcome: string) => `/login?signin=${outcome}&from=${encodeURIComponent(target)}`;
    const { error: failure } = await authClient.signIn
      .social({
        provider,
        callbackURL: back("existing"),
        newUserCallbackURL: back("new"),
        errorCallbackURL: back("error"),
      })
      .catch(() => ({ error: { status: 0 } }));
    // On success the browser is already leaving for the provider.
    if (failure) {
      setError(PROVIDER_ERROR);
      setBusy(false);
    }
  };

  const submitEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!requireTerms()) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const name = String(form.get("name") ?? "").trim() || email.split("@")[0] || email;
    setBusy(true);
    const challenge = mode === "signUp" ? await api.challengeHeaders() : null;
    if (challenge && !challenge.ok) {
      setBusy(false);
      setError(challenge.kind === "network" ? NETWORK_FAILURE : challenge.message);
      return;
    }
    const result =
      mode === "signUp"
        ? await authClient.signUp
            .email({
              email,
              password,
              name,
              callbackURL: VERIFIED_LANDING,
              fetchOptions: { headers: challenge?.ok ? challenge.data : {} },
            })
            .catch(() => ({ error: { status: 0 }, data: null }))
        : await authClient.signIn.email({ email, password }).catch(() => ({ error: { status: 0 }, data: null }));
    setBusy(false);
    if (result.error) {
      setError(result.error.status === 0 ? NETWORK_FAILURE : authErrorMessage(result.error));
      return;
    }
    // An account with two-step sign-in: the password was right, but no session starts until a code is given.
    if (result.data && "twoFactorRedirect" in result.data && result.data.twoFactorRedirect) {
      setSecondStep("totp");
      return;
    }
    await signedIn(mode === "signUp" ? NEW_USER : RETURNING_USER);
  };

  const signedIn = async (message: string) => {
    await api.syncSignIn(auth.tokenSyncUrl);
    await revalidator.revalidate();
    setSuccess(message);
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    setBusy(true);
    const result =
      secondStep === "totp" ? await api.verifyTotp(code.replace(/\s/g, "")) : await api.verifyRecoveryCode(code);
    if (!result.ok) {
      setBusy(false);
      if (result.kind === "network") setError(NETWORK_FAILURE);
      else if (result.status === 429) setError(authErrorMessage({ status: 429 }));
      // better-auth answers 401 for a wrong code, and also once the 10-minute window of this sign-in has passed.
      else setError(secondStep === "totp" ? WRONG_CODE : WRONG_RECOVERY_CODE);
      return;
    }
    await storeSessionToken();
    setBusy(false);
    await signedIn(RETURNING_USER);
  };

  if (!ready) {
    return (
      <>
        <Spinner page label="Loading sign-in" />
        {/* What a browser without scripts gets instead of the page the spinner waits for (ADR 41). */}
        <noscript>
          <LoginWithoutScripts target={target} searchParams={searchParams} />
        </noscript>
      </>
    );
  }

  // Only what the operator set up is offered: a greyed-out button that can never work only says the board is unfinished.
  const configured = new Set(auth.socialProviders);
  const offered = PROVIDERS.filter((provider) => configured.has(provider.id));
  const disabled = busy || success !== null;

  if (secondStep) {
    return (
      <AuthCard
        title="Two-step sign-in"
        intro={
          afterProvider
            ? "Your account asks for a second step after signing in."
            : "Your account asks for a second step after the password."
        }
      >
        <AuthMessages success={success} error={error} />
        <form onSubmit={submitCode} className="mt-4 grid gap-4" key={secondStep}>
          {secondStep === "totp" ? (
            <AuthField
              label="6-digit code from your authenticator app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
            />
          ) : (
            <AuthField label="Recovery code" name="code" autoComplete="off" required autoFocus />
          )}
          <button
            type="submit"
            disabled={disabled}
            className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Verify and sign in
          </button>
        </form>
        <button
          type="button"
          onClick={() => {
            setSecondStep(secondStep === "totp" ? "recovery" : "totp");
            setError(null);
          }}
          className="mt-4 text-sm font-medium text-brand-700 underline"
        >
          {secondStep === "totp" ? "Use a recovery code instead" : "Use a code from the app instead"}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={mode === "signUp" ? "Create an Account" : "Sign In"}
      intro="Sign in to post jobs for free and manage them in My Listings."
    >
      <AuthMessages success={success} error={error} />

      <div className="mt-4 flex items-start gap-2">
        <input
          id={ids.terms}
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            setTermsError(false);
          }}
          aria-invalid={termsError || undefined}
          aria-describedby={termsError ? ids.termsError : undefined}
          className="mt-1 size-4 accent-brand-600"
        />
        <label htmlFor={ids.terms} className="text-sm text-slate-700">
          {TERMS_LABEL}
        </label>
      </div>
      {termsError ? (
        <p id={ids.termsError} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {TERMS_ERROR}
        </p>
      ) : null}

      {offered.length ? (
        <>
          <div className="mt-6 grid gap-3">
            {offered.map((provider) => (
              <button
                key={provider.id}
                type="button"
                onClick={() => signInWith(provider.id)}
                disabled={disabled}
                className="rounded-lg border border-slate-300 px-4 py-2.5 font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                Sign in with {provider.name}
              </button>
            ))}
          </div>
          <div className="my-6 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or use your email
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      ) : (
        <div className="mt-6" />
      )}

      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Email account">
        {(
          [
            ["signIn", "I have an account"],
            ["signUp", "Create an account"],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => {
              setMode(value);
              // The proof of work sign-up needs (ADR 41) is solved while the form is filled.
              if (value === "signUp") api.prepareChallenge();
              setError(null);
            }}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === value ? "bg-white shadow-sm" : "text-slate-600"}`}
          >
            {label}
          </button>
        ))}
      </div>

      <form onSubmit={submitEmail} className="mt-4 grid gap-4">
        {mode === "signUp" ? <AuthField label="Name" name="name" autoComplete="name" /> : null}
        <CredentialsFields newAccount={mode === "signUp"} />
        <button
          type="submit"
          disabled={disabled}
          className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {mode === "signUp" ? "Create account" : "Sign in with email"}
        </button>
      </form>
    </AuthCard>
  );
}

const buttonClass = "rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
const secondaryButtonClass = "rounded-lg border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-50";

/** A refusal's words, when the address names one the form has words for. */
const refusalIn = (messages: Partial<Record<LoginFormRefusal, string>>, outcome: string | null) =>
  outcome && Object.hasOwn(messages, outcome) ? (messages[outcome as LoginFormRefusal] ?? null) : null;

/**
 * The login page for a browser without JavaScript (ADR 41): forms the browser posts itself to `/login`, held by the
 * honeypot and better-auth's own limits instead of the proof of work. The outcome comes back in the address: a
 * refusal, a success with the way on, or the second step's code form for an account that has two-step sign-in.
 */
/**
 * Email and password, as both cards ask for them: for a new account the password's rule and a new-password hint to
 * the browser's password manager, else the way to reset a forgotten one. `limits` checks a new account's length in
 * the browser even when signing in (the card without scripts has one form for both).
 */
function CredentialsFields({ newAccount, limits = newAccount }: { newAccount: boolean; limits?: boolean }) {
  return (
    <>
      <AuthField label="Email" name="email" type="email" required autoComplete="email" />
      <AuthField
        label="Password"
        name="password"
        type="password"
        required
        minLength={limits ? 8 : undefined}
        maxLength={limits ? 128 : undefined}
        autoComplete={newAccount ? "new-password" : "current-password"}
      >
        {newAccount ? (
          <p className="text-xs text-slate-600">At least 8 characters.</p>
        ) : (
          <Link to="/forgot-password" className="justify-self-start text-sm font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        )}
      </AuthField>
    </>
  );
}

function LoginWithoutScripts({ target, searchParams }: { target: string; searchParams: URLSearchParams }) {
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
function EmailFormWithoutScripts({ target, refused }: { target: string; refused: string | null }) {
  const terms = useId();
  return (
    <AuthCard
      title="Sign In or Create an Account"
      intro="JavaScript is off in this browser: sign in or create an account with your email here."
    >
      <AuthMessages success={null} error={refused} />
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
            {TERMS_LABEL}
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

/**
 * The second step of a sign-in without JavaScript: the password (or a provider) was right, and better-auth holds the
 * sign-in in its challenge cookie until a code from the authenticator app, or a recovery code, is given.
 */
function SecondStepWithoutScripts({ target, refused }: { target: string; refused: string | null }) {
  return (
    <AuthCard title="Two-step sign-in" intro="Your account asks for a second step after signing in.">
      <AuthMessages success={null} error={refused} />
      <form method="post" action="/login" className="mt-4 grid gap-4">
        <input type="hidden" name="from" value={target} />
        <AuthField
          label="6-digit code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <button type="submit" name="intent" value="totp-code" className={buttonClass}>
          Verify and sign in
        </button>
      </form>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">
          Use a recovery code instead
        </summary>
        <form method="post" action="/login" className="mt-4 grid gap-4">
          <input type="hidden" name="from" value={target} />
          <AuthField label="Recovery code" name="code" autoComplete="off" required />
          <button type="submit" name="intent" value="recovery-code" className={buttonClass}>
            Sign in with the recovery code
          </button>
        </form>
      </details>
    </AuthCard>
  );
}
