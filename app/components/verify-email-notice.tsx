import { MailWarning } from "#app/components/icons.tsx";
import { useState } from "react";

/**
 * Says why an employer's listings are not published yet, and sends the verification mail again (better-auth's
 * endpoint, rate limited per client).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    try {
      const response = await fetch("/api/auth/send-verification-email", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, callbackURL: "/my-job" }),
      });
      setMessage(
        response.ok
          ? `We sent the mail again to ${email}.`
          : response.status === 429
            ? "You asked for several mails in a short time. Please wait a few minutes and try again."
            : "The mail could not be sent. Please try again in a moment.",
      );
    } catch {
      setMessage("Could not reach the server. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
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
