import { Briefcase, CalendarDays, Heart, MapPin } from "#app/components/icons.tsx";
import { useState } from "react";
import { Link } from "react-router";
import { CompanyLogo } from "#app/components/company-logo.tsx";
import { SalaryIcon } from "#app/components/salary-icon.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { FavouritesStorageError, removeFavourite, useFavourites } from "#app/lib/favourites.ts";
import { formatLongDate } from "#shared/dates.ts";
import { salaryRange } from "#shared/money.ts";
import { isExpired, type Job } from "#shared/job.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/favourites";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Favourite Jobs") },
  { name: "description", content: "The jobs you saved in this browser." },
  { name: "robots", content: "noindex" },
];

function FavouriteCard({ job, onRemove }: { job: Job; onRemove: (id: string) => void }) {
  const expired = isExpired(job.postingDate);
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="flex items-start gap-3">
        <CompanyLogo src={job.companyLogo} companyName={job.companyName} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">
            <Link to={`/jobs/${job._id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
              {job.jobTitle}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">{job.companyName}</p>
        </div>
        <button
          type="button"
          onClick={() => onRemove(job._id)}
          aria-label={`Remove ${job.jobTitle} at ${job.companyName} from favourites`}
          className="relative z-10 rounded-full p-2 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Heart aria-hidden="true" className="h-6 w-6 fill-red-500 text-red-500" />
        </button>
      </div>
      <dl className="mt-3 grid gap-1 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" />
          <dt className="sr-only">Location</dt>
          <dd>{job.jobLocation}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Briefcase aria-hidden="true" className="h-4 w-4 text-slate-500" />
          <dt className="sr-only">Employment type</dt>
          <dd>{job.employmentType}</dd>
        </div>
        <div className="flex items-center gap-2">
          <SalaryIcon currency={job.salaryCurrency} className="h-4 w-4 text-slate-500" />
          <dt className="sr-only">Salary</dt>
          <dd>{salaryRange(job.minPrice, job.maxPrice, job.salaryType, job.salaryCurrency)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-slate-500" />
          <dt className="sr-only">Posted on</dt>
          <dd>{formatLongDate(job.postingDate)}</dd>
        </div>
      </dl>
      {expired ? (
        <p className="mt-3 self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          Expired
        </p>
      ) : null}
    </article>
  );
}

export default function Favourites() {
  const favourites = useFavourites();
  const [error, setError] = useState<string | null>(null);

  function remove(id: string) {
    try {
      removeFavourite(id);
      setError(null);
    } catch (cause) {
      if (!(cause instanceof FavouritesStorageError)) throw cause;
      setError(cause.message);
    }
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Favourite Jobs</h1>
      <p className="mt-1 text-slate-600">Jobs you saved with the heart button. They are kept in this browser only.</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {favourites === null ? (
        <div className="mt-12 flex justify-center">
          <Spinner label="Loading favourites" />
        </div>
      ) : favourites.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center">
          <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <p className="mt-3 text-lg font-semibold text-slate-700">No favorite jobs saved.</p>
          <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            Find jobs to save
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {favourites.map((job) => (
            <li key={job._id}>
              <FavouriteCard job={job} onRemove={remove} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
