import { DomainError, invalid } from "#server/errors.ts";
import { readCapped } from "#server/http/read-capped.ts";
import { APPLICATION_BODY_MAX_BYTES, CV_MAX_BYTES } from "#shared/applications.ts";

export type SubmittedCv = { bytes: Buffer; fileName: string };
export type SubmittedApplication = { fields: Record<string, string>; cv: SubmittedCv | null };

export const cvTooLarge = () =>
  new DomainError("PAYLOAD_TOO_LARGE", `Your CV must be at most ${CV_MAX_BYTES / 1024 / 1024} MB`, {
    cv: `Choose a file of at most ${CV_MAX_BYTES / 1024 / 1024} MB`,
  });

/**
 * A multipart application (the apply page's form post, or an API client's) read within the size limit: a body that
 * says or turns out to be larger is refused before it is parsed, so a 60 MB upload is never held in memory.
 */
export async function readApplicationForm(request: Request): Promise<SubmittedApplication> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type))
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the application as multipart/form-data, with the CV as `cv`");
  if (Number(request.headers.get("content-length") ?? 0) > APPLICATION_BODY_MAX_BYTES) throw cvTooLarge();
  const bytes = await readCapped(request.body, APPLICATION_BODY_MAX_BYTES, cvTooLarge);
  let form: FormData;
  try {
    form = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": type },
      body: bytes,
    }).formData();
  } catch {
    throw invalid("The form could not be read");
  }
  const fields: Record<string, string> = {};
  let cv: SubmittedCv | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "cv" && value.size > 0)
      cv = { bytes: Buffer.from(await value.arrayBuffer()), fileName: value.name };
  }
  return { fields, cv };
}
