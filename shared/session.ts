/** Who is signed in, as pages and the API see them. */
export type SessionUser = { id: string; email: string; name: string; image: string | null };

export type SocialProviderId = "google" | "github" | "facebook" | "twitter";

/** The sign-in methods this install offers, for the login page and the header. */
export type SignInMethods = {
  socialProviders: SocialProviderId[];
  oidc: { id: string; name: string } | null;
  /** Spec §7: the same-origin path told of each sign-in and sign-out, when the operator set TOKEN_SYNC_URL. */
  tokenSyncUrl: string | null;
};

/** Where a sign-in that started away from the password form (a provider, a mailed link) gives its second-step code. */
export const SECOND_STEP_PATH = "/login?signin=second-step";

/** Where an admin's mailed link to confirm their second factor lands: confirmed, or too old or used already. */
export const SECOND_FACTOR_CONFIRMED_PATH = "/account/security?confirmed";
export const SECOND_FACTOR_LINK_EXPIRED_PATH = "/account/security?link=expired";

/** Where the verification link lands: My Listings, which then says the address is verified. */
export const VERIFIED_LANDING = "/my-job?verified";

/**
 * The login page's forms sent without JavaScript (ADR 41) land back on `/login` with `?signup=sent`, `?signin=existing`
 * or `?signin=second-step` (the code is asked next), or with one of these refusals: `?signup=`, `?signin=`, or, for a
 * code, `?signin=second-step&step=`. The browser itself checks the boxes, the address and the length first, so
 * `invalid` is rare.
 */
export type LoginFormRefusal = "invalid" | "taken" | "limited" | "wrong";

const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export const SIGN_UP_FORM_ERRORS: Partial<Record<LoginFormRefusal, string>> = {
  invalid:
    "Please agree to the Terms and Conditions, and give a valid email address and a password of 8 to 128 characters.",
  taken: "An account with this email already exists. Sign in instead.",
  limited: TOO_MANY_ATTEMPTS,
};

export const SIGN_IN_FORM_ERRORS: Partial<Record<LoginFormRefusal, string>> = {
  invalid: "Please agree to the Terms and Conditions, and give your email address and password.",
  wrong: "Wrong email or password. Please try again.",
  limited: TOO_MANY_ATTEMPTS,
};

export const SECOND_STEP_FORM_ERRORS: Partial<Record<LoginFormRefusal, string>> = {
  invalid: "Enter the code from your authenticator app, or a recovery code.",
  wrong:
    "That code is not right (a recovery code works once, and so does each code from the app), or this sign-in took too long. Try again, or sign in again.",
  // After ten wrong codes in a row the account's second step is locked for 15 minutes, whoever asks.
  limited: "Too many attempts. Please wait and try again: after many wrong codes, up to 15 minutes.",
};

/** Where "Forgot password?" asks for the reset link. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";

/**
 * What sign-up says when its sign-in with the same password did not start a session: the address had an account
 * already, and its owner was mailed (issue 71). Sign-up itself answers alike either way.
 */
export const SIGN_UP_CHECK_MAIL =
  "Check your mail. If this address already has an account, we sent it a mail on how to sign in or choose a new password; no new account was made.";

/** Where a mailed reset link lands (better-auth adds `?token=`), and the form there posts without JavaScript. */
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * The words of "Forgot password?" and "Choose a new password", the same whether the page's script or the browser's
 * own form post (ADR 41) sent the form. `sent` is the same whether or not the address has an account, so the page
 * tells nobody who has one.
 */
export const PASSWORD_RESET_WORDS = {
  sent: "If an account uses that address, we sent it a link to choose a new password. The link works once, for one hour.",
  invalidEmail: "Enter the email address you signed up with.",
  expired: "This link has expired or was already used. Ask for a new one.",
  tooShort: "The password must have at least 8 characters.",
  tooLong: "The password must have at most 128 characters.",
  changed: "Your password is changed. Sign in with it.",
} as const;

/**
 * better-auth's per-address limit, and the second step's lock after repeated wrong codes, as the board words them (the
 * JSON answer and the pages without JavaScript alike): the wait is the real one, in minutes once it is that long.
 */
export const tooManyAttemptsMessage = (retryAfterSeconds: number | string) => {
  const seconds = Number(retryAfterSeconds);
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${retryAfterSeconds} seconds`;
  return `Too many attempts from your network. Try again in ${wait}.`;
};

/**
 * better-auth refuses a form sent from any origin but PUBLIC_URL with a bare "Invalid origin" (403). Whoever opened the
 * board at 127.0.0.1, a LAN address or an old domain needs the address that works, and its operator the setting.
 */
export function invalidOriginMessage(publicUrl: string, doing = "sign in or create an account"): string {
  return `This board's address is ${publicUrl}: open it there to ${doing}. (Its operator sets that address with PUBLIC_URL.)`;
}
