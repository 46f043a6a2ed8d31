import { useId, type FormEvent } from "react";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { buttonClass, CredentialsFields, TermsLabel } from "#app/components/login-fields.tsx";
import type { SignInProvider } from "#app/lib/auth-client.ts";
import { TERMS_ERROR } from "#app/lib/login-messages.ts";
import type { SocialProviderId } from "#shared/session.ts";

/** The email form signs in to an account, or creates one. */
export type Mode = "signIn" | "signUp";

const PROVIDERS: { id: SignInProvider; name: string }[] = [
  { id: "google", name: "Google" },
  { id: "github", name: "GitHub" },
];

const MODES = [
  ["signIn", "I have an account"],
  ["signUp", "Create an account"],
] as const;

type SignInCardProps = {
  mode: Mode;
  onMode: (mode: Mode) => void;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  termsError: boolean;
  /** The providers the operator set up. */
  socialProviders: SocialProviderId[];
  onProvider: (provider: SignInProvider) => void;
  success: string | null;
  error: string | null;
  disabled: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** The sign-in card with scripts: the terms, a provider's button for each one set up, and the email form. */
export function SignInCard({
  mode,
  onMode,
  agreed,
  onAgree,
  termsError,
  socialProviders,
  onProvider,
  success,
  error,
  disabled,
  onSubmit,
}: SignInCardProps) {
  const ids = {
    terms: useId(),
    termsError: useId(),
  };
  // Only what the operator set up is offered: a greyed-out button that can never work only says the board is unfinished.
  const configured = new Set(socialProviders);
  const offered = PROVIDERS.filter((provider) => configured.has(provider.id));

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
          onChange={(event) => onAgree(event.target.checked)}
          aria-invalid={termsError || undefined}
          aria-describedby={termsError ? ids.termsError : undefined}
          className="mt-1 size-4 accent-brand-600"
        />
        <label htmlFor={ids.terms} className="text-sm text-slate-700">
          <TermsLabel />
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
                onClick={() => onProvider(provider.id)}
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
        {MODES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => onMode(value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === value ? "bg-white shadow-sm" : "text-slate-600"}`}
          >
            {label}
          </button>
        ))}
      </div>

      <form onSubmit={onSubmit} className="mt-4 grid gap-4">
        {mode === "signUp" ? <AuthField label="Name" name="name" autoComplete="name" /> : null}
        <CredentialsFields newAccount={mode === "signUp"} />
        <button type="submit" disabled={disabled} className={`${buttonClass} disabled:opacity-60`}>
          {mode === "signUp" ? "Create account" : "Sign in with email"}
        </button>
      </form>
    </AuthCard>
  );
}
