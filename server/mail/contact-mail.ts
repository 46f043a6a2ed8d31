import type { SendMailOptions } from "nodemailer";
import type { StoredMail } from "#server/mail/outbox.ts";

/** A Contact Us message as the outbox keeps it: the visitor's fields and when it arrived. */
export type StoredContactMessage = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  subject: string | null;
  message: string;
  createdAt: Date;
};

/** The visitor's message in a `contact` row of the outbox (whose check constraint keeps the visitor's name and address). */
export function contactMessageOf(row: StoredMail): StoredContactMessage {
  if (row.kind !== "contact" || row.replyToName === null || row.replyToAddress === null)
    throw new Error(`Outbox row ${row.id} is not a contact message`);
  return {
    id: row.id,
    name: row.replyToName,
    email: row.replyToAddress,
    phoneNumber: row.phoneNumber,
    subject: row.subject,
    message: row.textBody,
    createdAt: row.createdAt,
  };
}

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
