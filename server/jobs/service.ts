import { isDeepStrictEqual } from "node:util";
import { jobIdSchema, jobInputSchema, type Job, type JobSearch } from "~/lib/job";
import type { SessionUser } from "../auth";
import type { Db } from "../db/client";
import { ApiError, forbidden, notFound, parseOrThrow } from "../errors";
import { toJobFormValues, toJobValues, toWireJob } from "./mapper";
import { deleteJobRow, findJobRow, insertJob, listJobsOwnedBy, searchJobs, updateJobRow } from "./repository";

export function parseJobId(id: string): string {
  const result = jobIdSchema.safeParse(id);
  if (!result.success) throw new ApiError(400, "VALIDATION_FAILED", "Not a valid job id", { id: "Not a valid job id" });
  return result.data;
}

export async function getJob(db: Db, rawId: string): Promise<Job> {
  const row = await findJobRow(db, parseJobId(rawId));
  if (!row) throw notFound("Job not found");
  return toWireJob(row);
}

export function findJobs(db: Db, search: JobSearch, now?: Date) {
  return searchJobs(db, search, now);
}

/** Spec §6: the poster's email always comes from the session, whatever the body says. */
export async function postJob(db: Db, user: SessionUser, body: Record<string, unknown>) {
  const input = parseOrThrow(jobInputSchema, body);
  const insertedId = await insertJob(db, input, user);
  return { acknowledged: true as const, insertedId };
}

async function ownedJobRow(db: Db, user: SessionUser, rawId: string) {
  const row = await findJobRow(db, parseJobId(rawId));
  if (!row) throw notFound("Job not found");
  if (row.ownerId !== user.id) throw forbidden("Only the employer who posted this job can change it");
  return row;
}

/** A PATCH may carry some fields or all; the merged job is validated as a whole. */
export async function updateJob(db: Db, user: SessionUser, rawId: string, body: Record<string, unknown>) {
  const row = await ownedJobRow(db, user, rawId);
  const current = toWireJob(row);
  const input = parseOrThrow(jobInputSchema, { ...toJobFormValues(current), ...body });
  const unchanged = isDeepStrictEqual(
    toJobValues(input, row.postedByEmail),
    toJobValues(parseOrThrow(jobInputSchema, toJobFormValues(current)), row.postedByEmail),
  );
  const modifiedCount = unchanged ? 0 : await updateJobRow(db, row.id, input, row.postedByEmail);
  return { acknowledged: true as const, matchedCount: 1, modifiedCount };
}

export async function deleteJob(db: Db, user: SessionUser, rawId: string) {
  const row = await ownedJobRow(db, user, rawId);
  const deletedCount = await deleteJobRow(db, row.id);
  return { acknowledged: true as const, deletedCount };
}

/** Spec §6: a user sees their own listings by their email; nobody reads another user's list. */
export async function listMyJobs(db: Db, user: SessionUser, email: string): Promise<Job[]> {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden("You can only list your own jobs");
  }
  return listJobsOwnedBy(db, user.id);
}
