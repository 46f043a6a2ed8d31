import type { ApplicationStage } from "#shared/applications.ts";
import type { Db } from "#server/db/client.ts";
import { applications } from "#server/db/schema.ts";

/*
 * The applications in the demo employer's inbox, so the quick start shows what an employer gets back for a listing:
 * applicants at several stages, a private note, and a CV that downloads as a real one-page PDF.
 */

type DemoApplicant = {
  name: string;
  /** The local part of the address; every demo address is on the demo's domain, which nobody can hold. */
  mailbox: string;
  phone: string | null;
  coverNote: string | null;
  stage: ApplicationStage;
  note: string | null;
  hoursAgo: number;
  cv: string[];
};

const APPLICANTS: DemoApplicant[] = [
  {
    name: "Priya Sharma",
    mailbox: "priya.sharma",
    phone: "+91 98100 12345",
    coverNote: "I have three years in a similar role and would love to grow with your team.",
    stage: "new",
    note: null,
    hoursAgo: 1,
    cv: ["Three years of experience, most recently at a Pune start-up.", "Bachelor's degree, University of Pune."],
  },
  {
    name: "Rahul Verma",
    mailbox: "rahul.verma",
    phone: null,
    coverNote: null,
    stage: "reviewing",
    note: "Strong references; ask about the notice period.",
    hoursAgo: 3,
    cv: ["Five years of experience across two companies.", "Serving a 30-day notice period."],
  },
  {
    name: "Ananya Iyer",
    mailbox: "ananya.iyer",
    phone: "+91 98450 67890",
    coverNote: "My portfolio and references are in the CV. I can join within two weeks.",
    stage: "interview",
    note: "Interview on Tuesday at 11:00.",
    hoursAgo: 6,
    cv: ["Four years of experience; led a team of three.", "Can join within two weeks."],
  },
  {
    name: "Karan Mehta",
    mailbox: "karan.mehta",
    phone: null,
    coverNote: null,
    stage: "rejected",
    note: "Looking for a more senior role than this one.",
    hoursAgo: 8,
    cv: ["Eight years of experience; looking for a lead role."],
  },
];

/** PDF strings are in parentheses; these three characters would end or escape them. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

/** A one-page PDF of these lines, the first as a heading: what a CV viewer opens. */
export function demoCv(lines: string[]): Buffer {
  const [heading = "", ...rest] = lines;
  const text = [
    `BT /F1 20 Tf 56 780 Td (${pdfText(heading)}) Tj /F1 11 Tf`,
    ...rest.map((line) => `0 -22 Td (${pdfText(line)}) Tj`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = Buffer.byteLength(body, "latin1");
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * The demo's applications to one of the demo employer's listings (`job`: its id, title and posting time), each made
 * after the listing was posted. Inserted directly: the board's own flow would queue mails to addresses nobody reads.
 */
export async function seedDemoApplications(
  db: Db,
  domain: string,
  job: { id: string; title: string; postingDate: Date },
  now: Date,
): Promise<number> {
  // A listing younger than the oldest application has its applications' ages scaled down, in the same order.
  const age = now.getTime() - job.postingDate.getTime();
  const oldest = (Math.max(...APPLICANTS.map(({ hoursAgo }) => hoursAgo)) + 1) * 3_600_000;
  const scale = Math.min(1, age / oldest);
  const rows = APPLICANTS.map((applicant) => {
    const createdAt = new Date(now.getTime() - applicant.hoursAgo * 3_600_000 * scale);
    const cv = demoCv([applicant.name, `Applying for ${job.title}`, ...applicant.cv]);
    return {
      jobId: job.id,
      name: applicant.name,
      email: `${applicant.mailbox}@${domain}`,
      phone: applicant.phone,
      coverNote: applicant.coverNote,
      cv,
      cvFileName: `${applicant.name.replace(/ /g, "-")}-CV.pdf`,
      cvContentType: "application/pdf",
      cvBytes: cv.length,
      stage: applicant.stage,
      note: applicant.note,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await db.insert(applications).values(rows);
  return rows.length;
}
