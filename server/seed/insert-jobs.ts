import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { JobValues } from "#server/jobs.ts";

/**
 * Inserts many jobs in one statement: the batch travels as a single JSON parameter, so there is no
 * bind-parameter limit and the SQL text stays small even for thousands of rows.
 */
export async function insertJobsBulk(
  db: Db,
  rows: (JobValues & { ownerId?: string | null; demo?: boolean })[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((row) => ({
      ...row,
      postingDate: row.postingDate.toISOString(),
      ownerId: row.ownerId ?? null,
      demo: row.demo ?? false,
    })),
  );
  await db.execute(sql`
    INSERT INTO jobs (
      title, company_name, industry, company_site, higher_education, company_logo, description, company_description,
      responsibilities, requirements, openings, posting_date, min_salary, max_salary, salary_type, salary_currency, location,
      english_level, gender, experience_level, employment_type, skills, posted_by_email, posted_by_number, apply_link,
      company_linkedin, company_facebook, company_instagram, company_twitter, apply_method, owner_id, demo
    )
    SELECT
      "title", "companyName", "industry", "companySite", "higherEducation", "companyLogo", "description",
      "companyDescription", "responsibilities", "requirements", "openings", "postingDate", "minSalary", "maxSalary",
      "salaryType", coalesce("salaryCurrency", 'INR'), "location", "englishLevel", "gender", "experienceLevel", "employmentType", "skills",
      "postedByEmail", "postedByNumber", "applyLink", "companyLinkedin", "companyFacebook", "companyInstagram",
      "companyTwitter", "applyMethod", "ownerId", "demo"
    FROM jsonb_to_recordset(${payload}::jsonb) AS x(
      "title" text, "companyName" text, "industry" text, "companySite" text, "higherEducation" text,
      "companyLogo" text, "description" text, "companyDescription" text, "responsibilities" text,
      "requirements" text, "openings" double precision, "postingDate" timestamptz, "minSalary" numeric,
      "maxSalary" numeric, "salaryType" text, "salaryCurrency" text, "location" text, "englishLevel" text, "gender" text,
      "experienceLevel" text, "employmentType" text, "skills" jsonb, "postedByEmail" text, "postedByNumber" text,
      "applyLink" text, "companyLinkedin" text, "companyFacebook" text, "companyInstagram" text,
      "companyTwitter" text, "applyMethod" text, "ownerId" text, "demo" boolean
    )
  `);
}
