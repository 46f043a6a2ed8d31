/**
 * The mail door: what other domains queue (account, alert and moderation mails; contact messages), and the loops that
 * deliver the outbox. Composing and delivering stay behind it.
 */
export { composePasswordResetMail, composeVerificationMail } from "#server/mail/account-mail.ts";
export { enqueueMail, enqueueMails, type OutgoingMail } from "#server/mail/mail-outbox.ts";
export { createTransport, deliverDueMails, startMailSender } from "#server/mail/mail-sender.ts";
export { enqueueContactMessage } from "#server/mail/outbox.ts";
export { MAIL_SETUP_HINT, mailDeliveryConfigured, startOutboxSender } from "#server/mail/sender.ts";
