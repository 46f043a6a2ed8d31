import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { jobs } from "#server/db/schema.ts";
import { engines } from "#tests/support/engines.ts";
import { validJob } from "#tests/support/factories.ts";
import { api, signUp, type Session } from "#tests/support/http.ts";
import { employerJobWrites } from "#tests/support/employer-writes.ts";
import { startTestServer, type TestServer } from "#tests/support/server.ts";

const DAY = 24 * 60 * 60 * 1000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Spec §5: the fields the post and update forms require. */
const REQUIRED = [
  "jobTitle",
  "companyName",
  "Industry",
  "postionopens",
  "englishLevel",
  "gender",
  "minPrice",
  "maxPrice",
  "salaryType",
  "jobLocation",
  "postingDate",
  "experienceLevel",
  "employmentType",
  "description",
  "companyDec",
  "applyLink",
] as const;

describe.each(engines)("job validation on %s", (engine) => {
  let server: TestServer;
  let employer: Session;

  const { db, row, rowCount, post, patch } = employerJobWrites(
    () => server,
    () => employer,
  );

  /** Posts `body`, expects a 400 naming `field`, and checks nothing was written. */
  async function refused(body: unknown, field: string) {
    const before = await rowCount();
    const { status, headers, json } = await post(body);
    expect(status, JSON.stringify(json)).toBe(400);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(json.error.code).toBe("VALIDATION_FAILED");
    expect(json.error.message).toEqual(expect.any(String));
    expect(json.error.fields).toHaveProperty(field);
    expect(await rowCount()).toBe(before);
    return json.error.fields[field] as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    employer = await signUp(server.url);
  });
  afterAll(() => server.close());

  test.each(REQUIRED)("a job without %s is refused with that field marked Required", async (field) => {
    const body = validJob();
    delete body[field];
    expect(await refused(body, field)).toBe("Required");
  });

  test.each(REQUIRED)("a job with %s left blank is refused with that field marked Required", async (field) => {
    expect(await refused(validJob({ [field]: "  " }), field)).toBe("Required");
  });

  test("a job without any skill is refused", async () => {
    expect(await refused(validJob({ skills: [] }), "skills")).toBe("Pick at least one skill");
    const body = validJob();
    delete body.skills;
    await refused(body, "skills");
  });

  test("every error names each failing field at once", async () => {
    const { status, json } = await post({ jobTitle: "Only a title" });
    expect(status).toBe(400);
    expect(Object.keys(json.error.fields)).toEqual(
      expect.arrayContaining(REQUIRED.filter((field) => field !== "jobTitle")),
    );
    expect(json.error.fields).not.toHaveProperty("jobTitle");
  });

  test.each([
    ["experienceLevel", "Senior"],
    ["employmentType", "Freelance"],
    ["gender", "Unknown"],
    ["englishLevel", "Native"],
    ["salaryType", "Weekly"],
  ])("%s outside the spec's list (%s) is refused, listing the allowed values", async (field, value) => {
    expect(await refused(validJob({ [field]: value }), field)).toMatch(/^Must be one of: /);
  });

  test("enum values are matched exactly, case included", async () => {
    expect(await refused(validJob({ employmentType: "full-time" }), "employmentType")).toMatch(/Full-time/);
  });

  test("a skill that is not text is refused", async () => {
    expect(await refused(validJob({ skills: [{ value: 5, label: "5" }] }), "skills.0.value")).toBe("Must be text");
  });

  test.each([
    ["applyLink", "not a url"],
    ["applyLink", "javascript:alert(1)"],
    ["companySite", "ftp://acme.example"],
    ["companyLogo", "data:image/png;base64,AAAA"],
    ["companyLinkedin", "linkedin.com/company/acme"],
    ["companyFacebook", "www.facebook.com/acme"],
    ["companyInstgram", "instagram"],
    ["companyTwitter", "twitter"],
  ])("%s that is not an http(s) URL (%s) is refused", async (field, value) => {
    expect(await refused(validJob({ [field]: value }), field)).toBe("Must be a valid http(s) URL");
  });

  test("a postedByEmail that is not an email is refused", async () => {
    expect(await refused(validJob({ postedByEmail: "not-an-email" }), "postedByEmail")).toBe(
      "Must be a valid email address",
    );
  });

  test.each(["call me", "12", "+91 98765 43210 ext. 5"])(
    "a postedByNumber that is not a phone number (%s) is refused",
    async (value) => {
      await refused(validJob({ postedByNumber: value }), "postedByNumber");
    },
  );

  test("optional fields may be left out or blank", async () => {
    const optional = [
      "companySite",
      "higherEducation",
      "companyLogo",
      "responsibilities",
      "requirements",
      "postedByNumber",
      "companyLinkedin",
      "companyFacebook",
      "companyInstgram",
      "companyTwitter",
    ];
    const { status, json } = await post(validJob(Object.fromEntries(optional.map((field) => [field, ""]))));
    expect(status, JSON.stringify(json)).toBe(201);
    const stored = await row(json.insertedId);
    expect(stored?.companySite).toBeNull();
    expect(stored?.postedByNumber).toBeNull();
    const without = validJob();
    for (const field of optional) delete without[field];
    expect((await post(without)).status).toBe(201);
  });

  test.each([
    ["postionopens", "many", "Must be a number"],
    ["postionopens", 0, "Must be more than 0"],
    ["postionopens", -2, "Must be more than 0"],
    ["postionopens", true, "Must be a number"],
    ["minPrice", "about 40k", "Must be a number"],
    ["minPrice", -1, "Must be 0 or more"],
    ["maxPrice", "2000000000", "Must be at most 1000000000"],
  ])("%s of %j is refused: %s", async (field, value, message) => {
    expect(await refused(validJob({ [field]: value }), field)).toBe(message);
  });

  test("a maximum salary below the minimum is refused on maxPrice", async () => {
    expect(await refused(validJob({ minPrice: "60000", maxPrice: "40000" }), "maxPrice")).toBe(
      "Must be at least the minimum salary",
    );
  });

  test("salaries and openings given as text with separators are stored as numbers", async () => {
    const { status, json } = await post(validJob({ minPrice: "45,000", maxPrice: 60000, postionopens: "1.5" }));
    expect(status).toBe(201);
    const stored = await row(json.insertedId);
    expect(stored?.minSalary).toBe(45000);
    expect(stored?.maxSalary).toBe(60000);
    expect(stored?.openings).toBe(1.5);
    const read = await api(server.url, `/api/all-jobs/${json.insertedId}`);
    expect(read.json).toMatchObject({ minPrice: "45000", maxPrice: "60000", postionopens: 1.5 });
  });

  test.each(["yesterday", "2024-13-01", "2024-02-30", "01/02/2024"])(
    "a postingDate of %s is refused",
    async (value) => {
      await refused(validJob({ postingDate: value }), "postingDate");
    },
  );

  test("a postingDate older than the 30 days a listing is shown is refused, one 29 days old is taken", async () => {
    const message = await refused(validJob({ postingDate: isoDaysFromNow(-31) }), "postingDate");
    expect(message).toBe("Must be within the last 30 days; an older listing is never shown");
    expect((await post(validJob({ postingDate: isoDaysFromNow(-29) }))).status).toBe(201);
  });

  test("a postingDate in the future is refused, today is taken", async () => {
    expect(await refused(validJob({ postingDate: isoDaysFromNow(2) }), "postingDate")).toBe(
      "Must not be in the future",
    );
    expect((await post(validJob({ postingDate: isoDaysFromNow(0) }))).status).toBe(201);
  });

  test("text fields of the wrong JSON type are refused, not coerced", async () => {
    expect(await refused(validJob({ jobTitle: 123 }), "jobTitle")).toBe("Must be text");
    await refused(validJob({ skills: "React" }), "skills");
    await refused(validJob({ companyName: { name: "Acme" } }), "companyName");
  });

  test.each([
    ["jobTitle", 120],
    ["companyName", 120],
    ["Industry", 80],
    ["jobLocation", 120],
    ["description", 10_000],
    ["companyDec", 5_000],
    ["responsibilities", 5_000],
    ["requirements", 5_000],
  ])("%s may be %i characters long but not one more", async (field, max) => {
    expect(await refused(validJob({ [field]: "x".repeat(max + 1) }), field)).toBe(`Must be at most ${max} characters`);
    const { status } = await post(validJob({ [field]: "x".repeat(max) }));
    expect(status).toBe(201);
  });

  // One repeated letter is a single word, dropped from the search words for its length; a real description of the
  // longest kind has thousands of different words, and those words must fit whatever indexes hold them (ADR 57).
  test("a listing whose description is 10,000 characters of different words is posted, edited and found by its last word", async () => {
    const words = (from: number) =>
      Array.from({ length: 1_400 }, (_, i) => `w${(from + i).toString(36)}`)
        .join(" ")
        .slice(0, 10_000);
    const { status, json } = await post(validJob({ description: words(0) }));
    expect(status, JSON.stringify(json)).toBe(201);
    const id = json.insertedId as string;
    const edited = await patch(id, { description: words(5_000) });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const lastWord = words(5_000).split(" ").at(-2) as string;
    const found = await api(server.url, `/api/jobs?search=${lastWord}`);
    expect((found.json as { _id: string }[]).map((job) => job._id)).toEqual([id]);
  });

  test("text is stored trimmed", async () => {
    const { json } = await post(validJob({ jobTitle: "  Frontend Developer  ", jobLocation: " Pune " }));
    const stored = await row(json.insertedId);
    expect(stored?.title).toBe("Frontend Developer");
    expect(stored?.location).toBe("Pune");
  });

  test("unknown fields are ignored and cannot set the id, owner or timestamps", async () => {
    const forgedId = "00000000-0000-4000-8000-000000000000";
    const { status, json } = await post(
      validJob({
        _id: forgedId,
        ownerId: "someone-else",
        createdAt: "2001-01-01",
        admin: true,
        favourite: "yes",
      } as Record<string, unknown>),
    );
    expect(status).toBe(201);
    expect(json.insertedId).not.toBe(forgedId);
    const stored = await row(json.insertedId);
    expect(stored?.ownerId).not.toBe("someone-else");
    expect(stored?.createdAt.getUTCFullYear()).toBeGreaterThan(2001);
    const read = await api(server.url, `/api/all-jobs/${json.insertedId}`);
    expect(read.json).not.toHaveProperty("admin");
    expect(read.json).not.toHaveProperty("favourite");
  });

  test("a posted job reads back with the spec's field names, typos included", async () => {
    // A company of its own: another listing of the employer's "Acme Widgets" would show that company's details.
    const { json } = await post(validJob({ companyName: "Spec Names Ltd" }));
    const { status, json: job } = await api(server.url, `/api/all-jobs/${json.insertedId}`);
    expect(status).toBe(200);
    const sent = validJob({ companyName: "Spec Names Ltd" });
    expect(job).toMatchObject({
      _id: json.insertedId,
      jobTitle: sent.jobTitle,
      companyName: sent.companyName,
      Industry: sent.Industry,
      companyDec: sent.companyDec,
      postionopens: 2,
      minPrice: "40000",
      maxPrice: "60000",
      jobLocation: "Bengaluru",
      skills: [
        { value: "React", label: "React" },
        { value: "CSS", label: "CSS" },
      ],
      postedByEmail: employer.email,
      companyInstgram: "https://www.instagram.com/acme",
      companyInstagram: "https://www.instagram.com/acme",
      companyFacebook: null,
    });
    expect(new Date(job.postingDate).toISOString().slice(0, 10)).toBe(sent.postingDate);
  });

  describe("updates", () => {
    let jobId: string;
    beforeEach(async () => {
      const { json } = await post(validJob());
      jobId = json.insertedId;
    });

    test("a partial update changes only the fields it carries", async () => {
      const before = await row(jobId);
      const { status, json } = await patch(jobId, { jobTitle: "Lead Frontend Developer", maxPrice: "75000" });
      expect(status).toBe(200);
      expect(json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, status: "published" });
      const after = await row(jobId);
      expect(after).toMatchObject({
        ...before,
        title: "Lead Frontend Developer",
        titleLower: "lead frontend developer",
        // The words a search reads follow the title (ADR 38), and their bits with them (ADR 59).
        searchVector: expect.stringContaining("'lead':1A"),
        wordBits: expect.any(Array),
        maxSalary: 75000,
        updatedAt: expect.any(Date),
      });
      expect(after?.wordBits).not.toEqual(before?.wordBits);
      expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    });

    test("a partial update is validated together with the stored job", async () => {
      const before = await row(jobId);
      const { status, json } = await patch(jobId, { minPrice: "999999" });
      expect(status).toBe(400);
      expect(json.error.fields).toEqual({ maxPrice: "Must be at least the minimum salary" });
      expect(await row(jobId)).toEqual(before);
    });

    test("an update that blanks a required field is refused and the row is unchanged", async () => {
      const before = await row(jobId);
      const { status, json } = await patch(jobId, { jobTitle: "", experienceLevel: "Senior" });
      expect(status).toBe(400);
      expect(json.error.fields).toMatchObject({
        jobTitle: "Required",
        experienceLevel: expect.stringMatching(/^Must be one of/),
      });
      expect(await row(jobId)).toEqual(before);
    });

    test("an update with nothing new reports modifiedCount 0 and leaves the row untouched", async () => {
      const before = await row(jobId);
      const { status, json } = await patch(jobId, { jobTitle: before?.title, minPrice: "40,000" });
      expect(status).toBe(200);
      expect(json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, status: "published" });
      expect(await row(jobId)).toEqual(before);
    });

    test("sending back the whole job as read changes nothing", async () => {
      const before = await row(jobId);
      const { json: current } = await api(server.url, `/api/all-jobs/${jobId}`);
      const { status, json } = await patch(jobId, current);
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, status: "published" });
      expect(await row(jobId)).toEqual(before);
    });

    test("an empty update is acknowledged with modifiedCount 0", async () => {
      const { status, json } = await patch(jobId, {});
      expect(status).toBe(200);
      expect(json).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, status: "published" });
    });

    test("an update that moves the posting date outside the window is refused and the row is unchanged", async () => {
      const before = await row(jobId);
      for (const postingDate of [isoDaysFromNow(-40), isoDaysFromNow(3)]) {
        const { status, json } = await patch(jobId, { postingDate });
        expect(status).toBe(400);
        expect(Object.keys(json.error.fields)).toEqual(["postingDate"]);
      }
      expect(await row(jobId)).toEqual(before);
    });

    test("an expired listing can be corrected while it keeps its old date, and re-dated to today", async () => {
      const longAgo = new Date(Date.now() - 45 * DAY);
      await db().update(jobs).set({ postingDate: longAgo }).where(eq(jobs.id, jobId));
      const corrected = await patch(jobId, { jobTitle: "Corrected Title" });
      expect(corrected.status, JSON.stringify(corrected.json)).toBe(200);
      expect(await row(jobId)).toMatchObject({ title: "Corrected Title", postingDate: longAgo });
      const redated = await patch(jobId, { postingDate: isoDaysFromNow(0) });
      expect(redated.status).toBe(200);
      expect((await row(jobId))?.postingDate.toISOString().slice(0, 10)).toBe(isoDaysFromNow(0));
    });

    test("an update replaces the skills list", async () => {
      await patch(jobId, { skills: [{ value: "Node", label: "Node" }] });
      expect((await row(jobId))?.skills).toEqual(["Node"]);
    });

    test("an update cannot move the job's id or owner", async () => {
      const before = await row(jobId);
      const { status } = await patch(jobId, {
        _id: "00000000-0000-4000-8000-000000000000",
        ownerId: "someone-else",
        jobTitle: "Moved?",
      });
      expect(status).toBe(200);
      const after = await row(jobId);
      expect(after?.ownerId).toBe(before?.ownerId);
      expect(after?.title).toBe("Moved?");
    });
  });
});
