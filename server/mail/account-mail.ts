import type { OutgoingMail } from "#server/mail/outbox.ts";
import { greeting } from "#server/mail/plain-name.ts";

/** The name was typed by whoever signed up, for any address: it is greeted as plain text, never as a link (issue 71). */
type Recipient = { email: string; name: string };

export function composeVerificationMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Verify your email address",
    text: [
      greeting(user.name),
      "",
      "Follow this link to verify your email address. Your job listings are published once it is verified:",
      "",
      url,
      "",
      "The link works for 24 hours. If you did not sign up, ignore this mail.",
    ].join("\n"),
  };
}

export function composePasswordResetMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Reset your password",
    text: [
      greeting(user.name),
      "",
      "Follow this link to choose a new password. It works once, for one hour:",
      "",
      url,
      "",
      "Once you choose a new password, every device signed in to your account is signed out.",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function composeSecondFactorConfirmationMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Confirm two-step sign-in for your admin account",
    text: [
      greeting(user.name),
      "",
      "Two-step sign-in was just turned on for your account, which is an admin of the board. Admin pages open",
      "once you confirm it was you, by following this link. It works once, for 24 hours:",
      "",
      url,
      "",
      "If you did not turn it on, do not follow the link: someone has your password. Reset your password, and ask",
      "another admin to check the account.",
    ].join("\n"),
  };
}

export function composeExistingAccountSignUpMail(user: Recipient, signInUrl: string, resetUrl: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Someone tried to create an account with your address",
    text: [
      greeting(user.name),
      "",
      "Someone just tried to create an account on the board with this email address, which already has one.",
      "No new account was made, and your account is as it was.",
      "",
      "If it was you, sign in instead:",
      signInUrl,
      "",
      "Forgot your password? Choose a new one:",
      resetUrl,
      "",
      "If it was not you, ignore this mail.",
    ].join("\n"),
  };
}
