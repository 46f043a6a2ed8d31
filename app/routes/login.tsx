import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useRevalidator, useSearchParams } from "react-router";
import { LoginWithoutScripts } from "#app/components/login-without-scripts.tsx";
import { SecondStepCard, type SecondStep } from "#app/components/second-step-card.tsx";
import { SignInCard, type Mode } from "#app/components/sign-in-card.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { authClient, authErrorMessage, storeSessionToken, type SignInProvider } from "#app/lib/auth-client.ts";
import { api, NETWORK_FAILURE } from "#app/lib/api-client.ts";
import { fromState } from "#app/lib/safe-redirect.ts";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { useElapsed } from "#app/hooks/use-elapsed.ts";
import { useRedirectAfter } from "#app/hooks/use-redirect-after.ts";
import { NEW_USER, PROVIDER_ERROR, RETURNING_USER, WRONG_CODE, WRONG_RECOVERY_CODE } from "#app/lib/login-messages.ts";
import { titled } from "#app/lib/meta.ts";
import { safeRedirectPath } from "#shared/redirect-path.ts";
import { SIGN_UP_CHECK_MAIL, VERIFIED_LANDING } from "#shared/session.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Sign In") },
  { name: "description", content: "Sign in to post, edit and delete your job listings." },
];

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
  const [secondStep, setSecondStep] = useState<SecondStep | null>(afterProvider ? "totp" : null);

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
    const created =
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
        : null;
    if (created?.error) {
      setBusy(false);
      setError(created.error.status === 0 ? NETWORK_FAILURE : authErrorMessage(created.error));
      return;
    }
    // Sign-up answers alike whether or not the address had an account, and starts no session: signing in with the
    // same password starts the new account's, and fails for an address whose owner was mailed instead.
    const result = await authClient.signIn
      .email({ email, password })
      .catch(() => ({ error: { status: 0 }, data: null }));
    setBusy(false);
    if (result.error) {
      if (created && result.error.status === 401) setError(SIGN_UP_CHECK_MAIL);
      else setError(result.error.status === 0 ? NETWORK_FAILURE : authErrorMessage(result.error));
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
      // The server's words say how long: a minute for the address's limit, up to 15 for the lock after wrong codes.
      else if (result.status === 429) setError(result.message || authErrorMessage({ status: 429 }));
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

  const disabled = busy || success !== null;

  if (secondStep) {
    return (
      <SecondStepCard
        step={secondStep}
        afterProvider={afterProvider}
        success={success}
        error={error}
        disabled={disabled}
        onSubmit={submitCode}
        onSwitch={(step) => {
          setSecondStep(step);
          setError(null);
        }}
      />
    );
  }

  return (
    <SignInCard
      mode={mode}
      onMode={(value) => {
        setMode(value);
        // The proof of work sign-up needs (ADR 41) is solved while the form is filled.
        if (value === "signUp") api.prepareChallenge();
        setError(null);
      }}
      agreed={agreed}
      onAgree={(checked) => {
        setAgreed(checked);
        setTermsError(false);
      }}
      termsError={termsError}
      socialProviders={auth.socialProviders}
      onProvider={signInWith}
      success={success}
      error={error}
      disabled={disabled}
      onSubmit={submitEmail}
    />
  );
}
