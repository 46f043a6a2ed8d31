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
