import type { SendMailOptions } from "nodemailer";
import { composeContactMail, contactMessageOf } from "#server/mail/contact-mail.ts";
import { inLayout } from "#server/mail/layout.ts";
import type { StoredMail } from "#server/mail/outbox.ts";

export type ComposeSettings = { from: string; publicUrl: string; contactTo: string | undefined; siteName: string };

/**
 * The mail to send for one outbox row: a contact message is composed for CONTACT_TO around the visitor's fields;
 * any other mail was composed when it was queued. The Message-ID is derived from the row, so a delivery retried after
 * a lost answer is recognisably the same mail.
 */
export function composeMail(
  row: StoredMail,
  { from, publicUrl, contactTo, siteName }: ComposeSettings,
): SendMailOptions {
  if (row.kind === "contact") {
    if (!contactTo) throw new Error("CONTACT_TO is not set: contact messages have nowhere to go");
    return composeContactMail(contactMessageOf(row), { from, to: contactTo, publicUrl });
  }
  // The table's check constraint keeps both on every `mail` row.
  if (row.toAddress === null || row.subject === null) throw new Error(`Outbox row ${row.id} has no address or subject`);
  const host = new URL(publicUrl).hostname || "localhost";
  const { text, html } = inLayout({ name: siteName, url: publicUrl }, { text: row.textBody, html: row.htmlBody });
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text,
    ...(row.textOnly ? {} : { html }),
    headers: row.headers,
    messageId: `<mail-${row.id}@${host}>`,
  };
}
