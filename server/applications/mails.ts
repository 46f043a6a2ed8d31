import type { OutgoingMail } from "#server/mail.ts";

type Listing = { title: string; companyName: string };

const MAILS = ["confirmation", "employer-notice", "rejected"] as const;
const keyOf = (id: string, mail: (typeof MAILS)[number]) => `application:${id}:${mail}`;

/** The outbox keys of every mail an application can send: what its erasure forgets. */
export const mailKeysOf = (id: string) => MAILS.map((mail) => keyOf(id, mail));

/** To the applicant, once: what they applied for, and the one link to their application (stage, withdraw, erase). */
export function confirmationMail(id: string, to: string, name: string, job: Listing, link: string): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "confirmation"),
    to,
    subject: `Your application for ${job.title} at ${job.companyName}`,
    text: `Hello ${name},

Thank you for applying for ${job.title} at ${job.companyName}. The employer has your application and CV.

See where your application stands, withdraw it, or erase it and your CV at any time:
${link}

Keep this mail: the link is the only way to your application without an account.`,
  };
}

/** To the employer, once per application: someone applied, and where to read it. */
export function employerNoticeMail(id: string, to: string, name: string, job: Listing, inbox: string): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "employer-notice"),
    to,
    subject: `New application for ${job.title}`,
    text: `${name} applied for ${job.title} at ${job.companyName}.

Read the application and download the CV:
${inbox}`,
  };
}

/** Sent only when the employer chooses to, and at most once per application. */
export function rejectionMail(id: string, to: string, name: string, job: Listing): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "rejected"),
    to,
    subject: `Your application for ${job.title} at ${job.companyName}`,
    text: `Hello ${name},

Thank you for your interest in ${job.title} at ${job.companyName} and for the time you put into your application.
After careful consideration, the employer has decided not to take your application further.

We wish you every success in your search.`,
  };
}
