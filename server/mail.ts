/**
 * The mail door: what other domains queue (account, alert and moderation mails; contact messages), the admins' view of
 * contact messages, and the one loop that delivers the outbox. Composing and delivering stay behind it.
 */
export {
  composeExistingAccountSignUpMail,
  composePasswordResetMail,
  composeSecondFactorConfirmationMail,
  composeVerificationMail,
} from "#server/mail/account-mail.ts";
export { enqueueContactMessage, readContactMessages, type ContactMessageView } from "#server/mail/contact-messages.ts";
export { enqueueMail, enqueueMails, forgetMails, type OutgoingMail } from "#server/mail/outbox.ts";
export { greeting, plainName } from "#server/mail/plain-name.ts";
export {
  createTransport,
  deliverDueMails,
  MAIL_SETUP_HINT,
  mailDeliveryConfigured,
  startMailSender,
} from "#server/mail/sender.ts";
