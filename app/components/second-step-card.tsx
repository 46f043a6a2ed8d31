import type { FormEvent } from "react";
import { AuthCard, AuthField, AuthMessages } from "#app/components/auth-card.tsx";
import { AuthenticatorCodeField, buttonClass } from "#app/components/login-fields.tsx";

/** Which code the second step asks for: the authenticator app's, or a recovery code. */
export type SecondStep = "totp" | "recovery";

type SecondStepCardProps = {
  step: SecondStep;
  /** Back from a provider (or a mailed link) rather than from the password form. */
  afterProvider: boolean;
  success: string | null;
  error: string | null;
  disabled: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onSwitch: (step: SecondStep) => void;
};

/** The second step of a sign-in with scripts, for an account with two-step sign-in: the code, or a recovery code. */
export function SecondStepCard({
  step,
  afterProvider,
  success,
  error,
  disabled,
  onSubmit,
  onSwitch,
}: SecondStepCardProps) {
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
      <form onSubmit={onSubmit} className="mt-4 grid gap-4" key={step}>
        {step === "totp" ? (
          <AuthenticatorCodeField autoFocus />
        ) : (
          <AuthField label="Recovery code" name="code" autoComplete="off" required autoFocus />
        )}
        <button type="submit" disabled={disabled} className={`${buttonClass} disabled:opacity-60`}>
          Verify and sign in
        </button>
      </form>
      <button
        type="button"
        onClick={() => onSwitch(step === "totp" ? "recovery" : "totp")}
        className="mt-4 text-sm font-medium text-brand-700 underline"
      >
        {step === "totp" ? "Use a recovery code instead" : "Use a code from the app instead"}
      </button>
    </AuthCard>
  );
}
