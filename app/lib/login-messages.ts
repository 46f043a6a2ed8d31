/** What the sign-in page says, in one place: its card with scripts and its card without them say the same. */

export const TERMS_ERROR = "Please agree to the Terms and Conditions to login.";
export const PROVIDER_ERROR = "Error signing up with social provider.";
export const NEW_USER = "Welcome! Signup successful!";
export const RETURNING_USER = "Login successful!";
export const WRONG_CODE =
  "That code is not right, or this sign-in took too long. Try the current code, or sign in again.";
export const WRONG_RECOVERY_CODE = "That recovery code is not right or was used already.";
