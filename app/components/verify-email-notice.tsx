import { MailWarning } from "#app/components/icons.tsx";
import { useState } from "react";
import { api } from "#app/lib/api-client.ts";
import { VERIFIED_LANDING } from "#shared/session.ts";

/**
 * Says why an employer's listings are not published yet, and sends the verification mail again (better-auth's
 * endpoint, rate limited per client).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    const result = await api.resendVerificationMail(email, VERIFIED_LANDING);
    setBusy(false);
    setMessage(
      result.ok
        ? `We sent the mail again to ${email}.`
        : result.kind === "unreadable"
          ? "The mail could not be sent. Please try again in a moment."
          : result.message,
    );
  };

  return (
    <section
      aria-labelledby="verify-heading"
      className="mt-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <h2 id="verify-heading" className="font-semibold">
          Verify your email address
        </h2>
        <p className="mt-1">
          Your listings are not published until you verify {email}. Follow the link in the mail we sent you.
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void resend()}
          className="mt-2 rounded-md border border-amber-700 px-3 py-1.5 font-medium hover:bg-amber-100 disabled:opacity-60"
        >
          Resend the mail
        </button>
        <p role="status" className="mt-2">
          {message}
        </p>
      </div>
    </section>
  );
}
