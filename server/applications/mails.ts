import { greeting, plainName, type OutgoingMail } from "#server/mail.ts";

type Listing = { title: string; companyName: string };

const MAILS = ["confirmation", "employer-notice", "rejected", "already-applied"] as const;
const keyOf = (id: string, mail: (typeof MAILS)[number]) => `application:${id}:${mail}`;

/** The outbox keys of every mail an application can send: what its erasure forgets. */
export const mailKeysOf = (id: string) => MAILS.map((mail) => keyOf(id, mail));

/** What a second application from an address tells its owner, by mail only: the form answers it as any other. */
export const DUPLICATE_APPLICATION = "You have already applied for this job with this email address.";

/*
 * The applicant's address is typed by whoever fills the form and proven by nobody, so every mail to it is plain text
 * (outside the board's HTML layout), and the name in any of these mails is a plain name: no markup, nothing a mail
 * client would make a link of.
 */

/** To the applicant, once: what they applied for, and the one link to their application (stage, withdraw, erase). */
export function confirmationMail(id: string, to: string, name: string, job: Listing, link: string): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "confirmation"),
    to,
    subject: `Your application for ${job.title} at ${job.companyName}`,
    textOnly: true,
    text: `${greeting(name)}

Thank you for applying for ${job.title} at ${job.companyName}. The employer has your application and CV.

See where your application stands, withdraw it, or erase it and your CV at any time:
${link}

Keep this mail: the link is the only way to your application without an account.`,
  };
}

/**
 * To the address of an application, when the form is sent again with it (once per application): the first
 * application stands, and the link to it. It names nobody, since whoever sent the form again may not be the applicant.
 */
export function alreadyAppliedMail(id: string, to: string, job: Listing, link: string): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "already-applied"),
    to,
    subject: `Your application for ${job.title} at ${job.companyName}`,
    textOnly: true,
    text: `Hello,

The application form for ${job.title} at ${job.companyName} was sent again with this address. ${DUPLICATE_APPLICATION} Your first application stands, and nothing new went to the employer.

See where it stands, withdraw it, or erase it and your CV:
${link}

To send a new CV, erase the application at that link and apply again. If it was not you, you need do nothing.`,
  };
}

/** To the employer, once per application: someone applied, and where to read it. */
export function employerNoticeMail(id: string, to: string, name: string, job: Listing, inbox: string): OutgoingMail {
  return {
    dedupeKey: keyOf(id, "employer-notice"),
    to,
    subject: `New application for ${job.title}`,
    text: `${plainName(name) || "Someone"} applied for ${job.title} at ${job.companyName}.

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
    textOnly: true,
    text: `${greeting(name)}

Thank you for your interest in ${job.title} at ${job.companyName} and for the time you put into your application.
After careful consideration, the employer has decided not to take your application further.

We wish you every success in your search.`,
  };
}
