import { Link } from "react-router";
import { servicesContext } from "~/context";
import { jobSearchSchema } from "~/lib/job";
import { findJobs } from "../../server/jobs/service";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Find Jobs | Job Board" },
  { name: "description", content: "Search and filter job listings, save favourites and apply." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const search = jobSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return findJobs(database.db, search);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Don&apos;t Take a Goal Take an Aim</h1>
      <p className="mt-2">Posted Jobs {loaderData.total}+</p>
      <ul className="mt-6 grid gap-4">
        {loaderData.jobs.map((job) => (
          <li key={job._id} className="rounded-lg bg-white p-4 shadow-sm">
            <Link to={`/jobs/${job._id}`}>
              <span className="block text-sm text-slate-500">{job.companyName}</span>
              <span className="font-semibold">{job.jobTitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
