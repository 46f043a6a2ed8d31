import type { SendMailOptions } from "nodemailer";
import type { contactMessages } from "#server/db/schema.ts";

export type StoredContactMessage = typeof contactMessages.$inferSelect;

/**
 * The mail the site owner receives for one contact message. Reply-To is the visitor, so answering the mail
 * answers them; the Message-ID is derived from the row so a retried delivery is recognisable as the same mail.
 */
export function composeContactMail(
  message: StoredContactMessage,
  { from, to, publicUrl }: { from: string; to: string; publicUrl: string },
): SendMailOptions {
  const host = new URL(publicUrl).hostname || "localhost";
  const subject = message.subject ? `Contact form: ${message.subject}` : `Contact form: message from ${message.name}`;
  const text = [
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phoneNumber ?? "not given"}`,
    `Subject: ${message.subject ?? "not given"}`,
    `Received: ${message.createdAt.toISOString()}`,
    "",
    message.message,
    "",
    `-- Sent from the Contact Us form at ${publicUrl}/contact. Reply to this mail to answer ${message.name}.`,
  ].join("\n");
  return {
    from,
    to,
    replyTo: { name: message.name, address: message.email },
    subject,
    text,
    messageId: `<contact-${message.id}@${host}>`,
  };
}
