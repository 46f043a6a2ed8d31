import { Heart } from "#app/components/icons.tsx";
import { useState } from "react";
import { FavouritesStorageError, toggleFavourite, useFavouriteIds } from "#app/lib/favourites.ts";
import type { Job } from "#shared/job.ts";

/** Spec: the heart toggles a favourite and is red while the job is saved. */
export function FavouriteButton({ job, className = "" }: { job: Job; className?: string }) {
  const saved = useFavouriteIds().has(job._id);
  const [error, setError] = useState<string | null>(null);

  function toggle() {
    try {
      toggleFavourite(job);
      setError(null);
    } catch (cause) {
      if (!(cause instanceof FavouritesStorageError)) throw cause;
      setError(cause.message);
    }
  }

  return (
    <span className={`relative z-10 inline-flex flex-col items-end ${className}`}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={saved}
        aria-label={`Save ${job.jobTitle} at ${job.companyName} to favourites`}
        className="rounded-full p-2 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Heart
          aria-hidden="true"
          data-saved={saved}
          className={`h-6 w-6 ${saved ? "fill-red-500 text-red-500" : "text-slate-500"}`}
        />
      </button>
      {error ? (
        <span role="alert" className="mt-1 w-48 rounded bg-red-50 p-2 text-xs text-red-800 shadow">
          {error}
        </span>
      ) : null}
    </span>
  );
}
