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

/** Where the verification link lands: My Listings, which then says the address is verified. */
export const VERIFIED_LANDING = "/my-job?verified";

/**
 * The login page's sign-up form sent without JavaScript (ADR 41) lands back on `/login` with `?signup=sent`, or with
 * one of these refusals. The browser itself checks the box, the address and the length first, so `invalid` is rare.
 */
export const SIGN_UP_FORM_ERRORS = {
  invalid:
    "Please agree to the Terms and Conditions, and give a valid email address and a password of 8 to 128 characters.",
  taken: "An account with this email already exists. Sign in instead.",
  limited: "Too many attempts. Please wait a minute and try again.",
} as const;
export type SignUpFormRefusal = keyof typeof SIGN_UP_FORM_ERRORS;
