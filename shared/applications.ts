import { z } from "zod";
import type { ApplyMethod } from "#shared/job.ts";
import { JOB_STATUSES } from "#shared/moderation.ts";

/** How the post and edit forms name each way to apply (issue 31). */
export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  board: "On this board",
  link: "An external link",
  email: "By email",
};

/** Where an application stands, in the order an employer moves it. */
export const APPLICATION_STAGES = ["new", "reviewing", "interview", "offer", "hired", "rejected"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  new: "New",
  reviewing: "Reviewing",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};

/** The honeypot: a field people never see or fill; a bot that fills it is answered as if it had applied. */
export const HONEYPOT_FIELD = "website";

export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The whole form's body: the CV plus room for the text fields and the multipart framing. */
export const APPLICATION_BODY_MAX_BYTES = CV_MAX_BYTES + 64 * 1024;

export const APPLICATION_LIMITS = { name: 100, email: 254, phone: 30, coverNote: 5000, note: 2000 } as const;

export const CV_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;
export type CvKind = keyof typeof CV_TYPES;

/** What the file input offers; the server decides by the bytes, never by this or the file's name. */
export const CV_ACCEPT = `.pdf,.docx,${CV_TYPES.pdf},${CV_TYPES.docx}`;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL_HEADER = [0x50, 0x4b, 0x01, 0x02];
const DOCX_MAIN_PART = new TextEncoder().encode("word/document.xml");

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);

/** Whether the ZIP's central directory names `word/document.xml`: a Word document, not any ZIP renamed .docx. */
function zipHoldsWordDocument(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 46; at >= 0; at--) {
    if (!startsWith(bytes, ZIP_CENTRAL_HEADER, at)) continue;
    const nameLength = (bytes[at + 28] ?? 0) | ((bytes[at + 29] ?? 0) << 8);
    if (nameLength !== DOCX_MAIN_PART.length) continue;
    if (startsWith(bytes, [...DOCX_MAIN_PART], at + 46)) return true;
  }
  return false;
}

/** A CV's kind by its bytes: a PDF starts `%PDF-`; a DOCX is a ZIP holding `word/document.xml`. Anything else: null. */
export function cvKindOf(bytes: Uint8Array): CvKind | null {
  if (startsWith(bytes, PDF_MAGIC)) return "pdf";
  if (startsWith(bytes, ZIP_LOCAL_HEADER) && zipHoldsWordDocument(bytes)) return "docx";
  return null;
}

// Name and phone go into mail headers or beside them, so a line break there is refused rather than stripped.
const oneLine = /^[^\r\n]*$/;

/** The text fields of the apply form and of `POST /api/jobs/{id}/applications`; the CV is checked on its own. */
export const applicationFieldsSchema = z.object({
  name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(APPLICATION_LIMITS.name, `Name must be at most ${APPLICATION_LIMITS.name} characters`)
    .regex(oneLine, "Name must fit on one line"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(APPLICATION_LIMITS.email, `Email must be at most ${APPLICATION_LIMITS.email} characters`)
    .pipe(z.email({ error: "Please enter a valid email address, like name@example.com" })),
  phone: z
    .string()
    .trim()
    .max(APPLICATION_LIMITS.phone, `Phone number must be at most ${APPLICATION_LIMITS.phone} characters`)
    .regex(/^$|^\+?[\d\s().-]{6,}$/, "Use digits, spaces, +, - or brackets for the phone number")
    .optional()
    .transform((value) => value || undefined),
  coverNote: z
    .string()
    .trim()
    .max(APPLICATION_LIMITS.coverNote, `The cover note must be at most ${APPLICATION_LIMITS.coverNote} characters`)
    .optional()
    .transform((value) => value || undefined),
  consent: z.literal(["on", "true", "yes"], { error: "Please agree to the privacy notice to apply" }),
});

/** What an employer changes on one application: its stage, its private note, and whether a rejection is mailed. */
export const applicationChangeSchema = z
  .object({
    stage: z.enum(APPLICATION_STAGES, { error: `Must be one of: ${APPLICATION_STAGES.join(", ")}` }).optional(),
    note: z
      .string({ error: "Must be text" })
      .trim()
      .max(APPLICATION_LIMITS.note, `The note must be at most ${APPLICATION_LIMITS.note} characters`)
      .optional(),
    notifyRejection: z.boolean({ error: "Must be true or false" }).optional(),
  })
  .meta({ id: "ApplicationChange", title: "ApplicationChange" });

/** One application as the listing's owner (or an admin) sees it in the inbox. Erased ones carry no personal field. */
export const applicationSummarySchema = z
  .object({
    id: z.uuid(),
    jobId: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    coverNote: z.string().nullable(),
    stage: z.enum(APPLICATION_STAGES),
    note: z.string().nullable(),
    hasCv: z.boolean(),
    cvFileName: z.string().nullable(),
    withdrawn: z.boolean(),
    erased: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Application", title: "Application" });
export type ApplicationSummary = z.output<typeof applicationSummarySchema>;

/**
 * A listing's inbox: the listing (whether it is still on the board: `closed` keeps its applications), its applications,
 * and how many days after it closes or expires they are erased.
 */
export const applicationListSchema = z
  .object({
    job: z.object({ id: z.uuid(), title: z.string(), companyName: z.string(), status: z.enum(JOB_STATUSES) }),
    applications: z.array(applicationSummarySchema),
    retentionDays: z.number().int(),
    /** The listing's owner changes stages and notes; an admin reading for moderation only reads, without the notes. */
    canChange: z.boolean(),
  })
  .meta({ id: "ApplicationList", title: "ApplicationList" });
export type ApplicationList = z.output<typeof applicationListSchema>;

/** The answer to an application sent: its id. The applicant's link to it goes by mail only. */
export const applicationSentSchema = z
  .object({ ok: z.literal(true), id: z.uuid() })
  .meta({ id: "ApplicationSent", title: "ApplicationSent" });

/** The answer to a change: the application's stage and note as stored, and whether a rejection mail was queued. */
export const applicationChangedSchema = z
  .object({
    ok: z.literal(true),
    stage: z.enum(APPLICATION_STAGES),
    note: z.string().nullable(),
    rejectionMailed: z.boolean(),
  })
  .meta({ id: "ApplicationChanged", title: "ApplicationChanged" });

/** The inbox's stage filter, in a URL or the API's query. */
export const applicationListQuerySchema = z.object({
  stage: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(APPLICATION_STAGES, { error: `Must be one of: ${APPLICATION_STAGES.join(", ")}` }).optional(),
  ),
});

/** Per listing in My Listings: how many applications, and how many are still new. */
export type ApplicationCounts = { total: number; new: number };
