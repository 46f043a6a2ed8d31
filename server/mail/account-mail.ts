import type { OutgoingMail } from "#server/mail/outbox.ts";

type Recipient = { email: string; name: string };

export function composeVerificationMail(user: Recipient, url: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Verify your email address",
    text: [
      `Hello ${user.name},`,
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
      `Hello ${user.name},`,
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
