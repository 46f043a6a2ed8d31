import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { AuthenticatorCodeField, buttonClass } from "#app/components/login-fields.tsx";

/**
 * The second step of a sign-in without JavaScript: the password (or a provider) was right, and better-auth holds the
 * sign-in in its challenge cookie until a code from the authenticator app, or a recovery code, is given.
 */
export function SecondStepWithoutScripts({ target, refused }: { target: string; refused: string | null }) {
  return (
    <AuthCard title="Two-step sign-in" intro="Your account asks for a second step after signing in.">
      <AuthMessages success={null} error={refused} />
      <form method="post" action="/login" className="mt-4 grid gap-4">
        <input type="hidden" name="from" value={target} />
        <AuthenticatorCodeField />
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
