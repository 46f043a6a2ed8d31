import { Hono } from "hono";
import { jobSearchSchema } from "~/lib/job";
import { parseOrThrow } from "../errors";
import { readJsonObject } from "../http/body";
import { requireUser } from "../http/session";
import type { AppBindings } from "../http/types";
import { listAllJobs } from "../jobs/repository";
import { deleteJob, findJobs, getJob, listMyJobs, postJob, updateJob } from "../jobs/service";

export const jobsApi = new Hono<AppBindings>()
  .get("/jobs", async (c) => {
    const search = parseOrThrow(jobSearchSchema, c.req.query());
    const { jobs, total } = await findJobs(c.get("services").database.db, search);
    c.header("X-Total-Count", String(total));
    c.header("Access-Control-Expose-Headers", "X-Total-Count");
    return c.json(jobs);
  })
  .get("/all-jobs", async (c) => c.json(await listAllJobs(c.get("services").database.db)))
  .get("/all-jobs/:id", async (c) => c.json(await getJob(c.get("services").database.db, c.req.param("id"))))
  .get("/myJobs/:email", async (c) => {
    const user = await requireUser(c);
    return c.json(await listMyJobs(c.get("services").database.db, user, c.req.param("email")));
  })
  .post("/post-job", async (c) => {
    const user = await requireUser(c);
    const result = await postJob(c.get("services").database.db, user, await readJsonObject(c));
    return c.json(result, 201);
  })
  .patch("/update-job/:id", async (c) => {
    const user = await requireUser(c);
    return c.json(await updateJob(c.get("services").database.db, user, c.req.param("id"), await readJsonObject(c)));
  })
  .delete("/job/:id", async (c) => {
    const user = await requireUser(c);
    return c.json(await deleteJob(c.get("services").database.db, user, c.req.param("id")));
  });
