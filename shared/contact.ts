import { z } from "zod";

/** Upper bounds for each field; the form puts them on its inputs so users meet them before the server does. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phoneNumber: 30,
  subject: 150,
  message: 5000,
} as const;

// Name, subject and phone end up in mail headers, so a line break there is refused rather than stripped.
const singleLine = (label: string) => z.string().regex(/^[^\r\n]*$/, `${label} must fit on one line`);

const optionalText = (label: string, max: number, extra?: (s: z.ZodString) => z.ZodString) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe((extra ? extra(singleLine(label)) : singleLine(label)).max(max, `${label} must be at most ${max} characters`))
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/** A message from the Contact Us form (spec §3): the one schema the form and `POST /api/sendEmail` share. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`)
    .regex(/^[^\r\n]*$/, "Name must fit on one line"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.com" })),
  phoneNumber: optionalText("Phone number", CONTACT_LIMITS.phoneNumber, (s) =>
    s.regex(/^$|^\+?[\d\s().-]{6,}$/, "Use digits, spaces, +, - or brackets for the phone number"),
  ),
  subject: optionalText("Subject", CONTACT_LIMITS.subject),
  message: z
    .string({ error: "Please write a message" })
    .trim()
    .min(1, "Please write a message")
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

/** Where the no-JS contact form post lands: `?sent=1`, or `?error=` one of these. */
export const CONTACT_FORM_ERRORS = {
  invalid: "Please fill in your name, a valid email address and a message, then send again.",
  limited: "You have sent several messages in a short time. Please wait a few minutes and try again.",
} as const;
