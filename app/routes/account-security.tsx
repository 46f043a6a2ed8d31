import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { AuthField } from "#app/components/auth-card.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { QrCode } from "#app/components/qr-code.tsx";
import { requireUser, servicesContext } from "#app/context.server.ts";
import { api, type ApiFailure } from "#app/lib/api-client.ts";
import { titled } from "#app/lib/meta.ts";
import { safeRedirectPath } from "#shared/redirect-path.ts";
import type { Route } from "./+types/account-security";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Two-step sign-in") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { sessions, moderation, env } = context.get(servicesContext);
  const [standing, admin] = await Promise.all([
    sessions.secondFactorStanding({ headers: request.headers }),
    moderation.isAdmin(user),
  ]);
  const params = new URL(request.url).searchParams;
  const from = params.get("from");
  return {
    enabled: Boolean(standing?.enabled),
    required: admin && env.ADMIN_REQUIRE_2FA,
    // Enrolled while an admin: the admin pages wait for the link mailed to the address (issue 71).
    awaitingMail: Boolean(standing?.awaitingMail),
    email: standing?.email ?? user.email,
    link: params.has("confirmed") ? "confirmed" : params.get("link") === "expired" ? "expired" : null,
    next: from ? safeRedirectPath(from) : null,
  };
}

/** What the page says of the mailed link an admin's new second factor waits for. */
function MailedLinkNote({ email }: { email: string }) {
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900">
      Admin pages open once you follow the link we mailed to {email}, which shows it was you who turned two-step sign-in
      on. The link works for 24 hours. If you did not turn it on, someone has your password: reset it.
    </p>
  );
}

type Step =
  | { name: "start" }
  | { name: "scan"; uri: string; secret: string; recoveryCodes: string[] }
  | { name: "saved"; recoveryCodes: string[] };

/** better-auth's refusals are not in the API's error shape: worded here by status. */
function failureMessage(failure: ApiFailure, wrongCode: string): string {
  if (failure.kind === "network") return failure.message;
  if (failure.status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (failure.status === 400) return "Wrong password. Please try again.";
  if (failure.status === 401) return wrongCode;
  return failure.message;
}

const WRONG_CODE = "That code is not right. Enter the 6-digit code your app shows now.";

/** The base32 secret in an otpauth URI, for typing into an authenticator app that cannot scan. */
function secretOf(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}

export default function AccountSecurity({ loaderData }: Route.ComponentProps) {
  const { enabled, required, awaitingMail, email, link, next } = loaderData;
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ name: "start" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step replaces the form the keyboard was in: move focus to the new step's heading.
  useEffect(() => {
    if (step.name !== "start") heading.current?.focus();
  }, [step.name]);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const result = await api.startTwoFactor(String(new FormData(event.currentTarget).get("password") ?? ""));
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result, WRONG_CODE));
    const { totpURI, backupCodes } = result.data;
    setStep({ name: "scan", uri: totpURI, secret: secretOf(totpURI), recoveryCodes: backupCodes });
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== "scan") return;
    setError(null);
    setBusy(true);
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    const result = await api.verifyTotp(code);
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result, WRONG_CODE));
    setStep({ name: "saved", recoveryCodes: step.recoveryCodes });
    // An admin's new factor may now wait for the mailed link: the page says so.
    await revalidator.revalidate();
  };

  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const result = await api.disableTwoFactor(String(new FormData(event.currentTarget).get("password") ?? ""));
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result, WRONG_CODE));
    setStep({ name: "start" });
    await revalidator.revalidate();
  };

  const errorBox = (
    <div role="alert" className="empty:hidden">
      {error ? <p className="rounded-md bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
    </div>
  );
  const button =
    "justify-self-start rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

  return (
    <main>
      <PageIntro title="Two-step sign-in">
        After your password, signing in asks for a 6-digit code from an authenticator app on your phone, so a stolen
        password alone does not open your account.
      </PageIntro>
      <section aria-label="Two-step sign-in" className="mx-auto grid max-w-xl gap-4 px-4 py-8">
        {link === "confirmed" && !awaitingMail ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 font-medium text-green-900">
            Confirmed: with two-step sign-in, your account opens the admin pages.
          </p>
        ) : link === "expired" ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            That link has expired or was used already. To get a new one, turn two-step sign-in off and on again.
          </p>
        ) : null}
        {step.name === "saved" ? (
          <>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-bold">
              Two-step sign-in is on
            </h2>
            <p className="text-slate-700">
              Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose
              your phone. They are shown only now.
            </p>
            {awaitingMail ? <MailedLinkNote email={email} /> : null}
            <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono">
              {step.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <Link to={next ?? "/my-job"} className={button}>
              {next ? "Continue" : "Done"}
            </Link>
          </>
        ) : step.name === "scan" ? (
          <>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-bold">
              Scan the code with your authenticator app
            </h2>
            <QrCode value={step.uri} label="QR code for your authenticator app" />
            <p className="text-slate-700">
              Or enter this key in the app by hand:{" "}
              <code aria-label="Setup key" className="rounded bg-slate-100 px-1 font-mono break-all">
                {step.secret}
              </code>
            </p>
            <form onSubmit={confirm} className="grid gap-4">
              <AuthField
                label="6-digit code from the app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                required
              />
              {errorBox}
              <button type="submit" disabled={busy} className={button}>
                Turn on two-step sign-in
              </button>
            </form>
          </>
        ) : enabled ? (
          <>
            <h2 className="text-xl font-bold">Two-step sign-in is on</h2>
            {awaitingMail ? <MailedLinkNote email={email} /> : null}
            <form onSubmit={turnOff} className="grid gap-4">
              <AuthField label="Your password" name="password" type="password" autoComplete="current-password">
                <p className="text-xs text-slate-600">Leave empty if you sign in only with Google or GitHub.</p>
              </AuthField>
              {required ? (
                <p className="text-sm text-slate-700">As an admin you will be asked to set it up again.</p>
              ) : null}
              {errorBox}
              <button type="submit" disabled={busy} className={button}>
                Turn off two-step sign-in
              </button>
            </form>
          </>
        ) : (
          <>
            {required ? (
              <p role="status" className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900">
                Admin pages need two-step sign-in. Set it up to continue. Then follow the link we mail to {email}: a
                password alone cannot turn on an admin&apos;s second factor.
              </p>
            ) : null}
            <h2 className="text-xl font-bold">Two-step sign-in is off</h2>
            <form onSubmit={start} className="grid gap-4">
              <AuthField label="Your password" name="password" type="password" autoComplete="current-password">
                <p className="text-xs text-slate-600">Leave empty if you sign in only with Google or GitHub.</p>
              </AuthField>
              {errorBox}
              <button type="submit" disabled={busy} className={button}>
                Set up two-step sign-in
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
