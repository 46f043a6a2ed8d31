import { Link } from "react-router";
import { AuthField } from "#app/components/auth-card.tsx";

/** What the sign-in cards share, with scripts and without: the terms' label, the credentials, the main button. */

export const buttonClass = "rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

export function TermsLabel() {
  return (
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
}

/**
 * Email and password, as both cards ask for them: for a new account the password's rule and a new-password hint to
 * the browser's password manager, else the way to reset a forgotten one. `limits` checks a new account's length in
 * the browser even when signing in (the card without scripts has one form for both).
 */
export function CredentialsFields({ newAccount, limits = newAccount }: { newAccount: boolean; limits?: boolean }) {
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

/** The authenticator app's code, as both second steps ask for it. */
export function AuthenticatorCodeField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <AuthField
      label="6-digit code from your authenticator app"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      autoFocus={autoFocus}
    />
  );
}
