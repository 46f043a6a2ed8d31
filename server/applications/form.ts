import { DomainError } from "#server/errors.ts";
import { readMultipart } from "#server/http/body.ts";
import { APPLICATION_BODY_MAX_BYTES, CV_MAX_BYTES } from "#shared/applications.ts";

export type SubmittedCv = { bytes: Buffer; fileName: string };
export type SubmittedApplication = { fields: Record<string, string>; cv: SubmittedCv | null };

export const cvTooLarge = () =>
  new DomainError("PAYLOAD_TOO_LARGE", `Your CV must be at most ${CV_MAX_BYTES / 1024 / 1024} MB`, {
    cv: `Choose a file of at most ${CV_MAX_BYTES / 1024 / 1024} MB`,
  });

/**
 * A multipart application (the apply page's form post, or an API client's), read within the size of a CV. The body's
 * limit leaves room for the other fields, so a CV up to 64 kB over its own limit fits in it: the CV is held to its own.
 */
export async function readApplicationForm(request: Request): Promise<SubmittedApplication> {
  const parts = await readMultipart(request, {
    accepted: /^multipart\/form-data\b/i,
    wrongType: "Send the application as multipart/form-data, with the CV as `cv`",
    limit: APPLICATION_BODY_MAX_BYTES,
    tooLarge: cvTooLarge,
  });
  const fields: Record<string, string> = {};
  let cv: SubmittedCv | null = null;
  for (const { name, fileName, bytes } of parts) {
    if (fileName === undefined) fields[name] = bytes.toString("utf8");
    else if (name === "cv" && bytes.length > 0) {
      if (bytes.length > CV_MAX_BYTES) throw cvTooLarge();
      cv = { bytes, fileName };
    }
  }
  return { fields, cv };
}
