import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, redirect, useRevalidator } from "react-router";
import { ApplicationCard, savedText } from "#app/components/application-card.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { Protected } from "#app/components/protected.tsx";
import { adminPageError, readPageForm, refusalOf, requireUser, servicesContext } from "#app/context.server.ts";
import { api } from "#app/lib/api-client.ts";
import { titled } from "#app/lib/meta.ts";
import { APPLICATION_STAGES, STAGE_LABELS, type ApplicationStage } from "#shared/applications.ts";
import type { Route } from "./+types/job-applications";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: titled(matches, loaderData ? `Applications for ${loaderData.job.title}` : "Applications") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const stage = url.searchParams.get("stage") ?? undefined;
  const { applications } = context.get(servicesContext);
  const [filtered, all] = await Promise.all([
    applications.listApplications({ user, jobId: params.id, query: { stage } }),
    applications.listApplications({ user, jobId: params.id }),
  ]).catch((error: unknown) => {
    throw adminPageError(request, error, {
      VALIDATION_FAILED: { status: 404, message: "There is no job at this address." },
      NOT_FOUND: "This job does not exist or has been deleted.",
      FORBIDDEN: "Only the employer who posted this job can read its applications.",
    });
  });
  const counts = Object.fromEntries(
    APPLICATION_STAGES.map((s) => [s, all.applications.filter((a) => a.stage === s && !a.erased).length]),
  ) as Record<ApplicationStage, number>;
  // Where a form saved without scripts comes back to (the action below): which card, and whether a mail went.
  const done = LISTING_NOTICES[url.searchParams.get("done") as keyof typeof LISTING_NOTICES] ?? null;
  const savedId = url.searchParams.get("saved");
  const savedOne = all.applications.find((application) => application.id === savedId && !application.erased);
  return {
    job: filtered.job,
    applications: filtered.applications,
    stage,
    counts,
    total: all.applications.length,
    retentionDays: filtered.retentionDays,
    canChange: filtered.canChange,
    done,
    // Hired through a form sent without scripts: the page offers to close the listing, as it does with them.
    offerClose: savedOne?.stage === "hired" && url.searchParams.has("hired") && filtered.job.status === "published",
    saved: savedOne
      ? {
          id: savedOne.id,
          name: savedOne.name ?? "",
          stage: savedOne.stage,
          mailed: url.searchParams.has("mailed"),
        }
      : null,
  };
}

/**
 * The page's forms sent without scripts (with them, the page calls the API and stays put), with the same verbs as
 * the API. A card's Save: saved, the page comes back at that card, which says so (hired: at the offer to close the
 * listing); refused, the page shows why beside the card and keeps the stage and note chosen, so nothing typed is lost.
 * `intent` close, reopen or keep (open): the listing's buttons, said at the top of the page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readPageForm(request);
  const id = String(form.get("application") ?? "");
  const values = {
    stage: String(form.get("stage") ?? ""),
    note: String(form.get("note") ?? ""),
    notifyRejection: form.get("notifyRejection") === "true",
  };
  const { applications, jobs } = context.get(servicesContext);
  const back = new URL(request.url);
  for (const name of ["saved", "mailed", "hired", "done"]) back.searchParams.delete(name);
  const intent = form.get("intent");
  if (intent === "keep") return redirect(`${back.pathname}${back.search}`, 303);
  if (intent === "close" || intent === "reopen") {
    try {
      const ref = { user, id: params.id };
      const { status } = intent === "close" ? await jobs.closeListing(ref) : await jobs.reopenListing(ref);
      back.searchParams.set("done", intent === "close" ? "closed" : status === "pending" ? "reviewed" : "reopened");
      return redirect(`${back.pathname}${back.search}`, 303);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const message = `The listing was not ${intent === "close" ? "closed" : "reopened"}: ${refusal.message}`;
      return data({ id: "", message, values }, { status: refusal.status });
    }
  }
  try {
    const saved = await applications.changeApplication({ user, id, changes: values });
    back.searchParams.set("saved", id);
    if (saved.rejectionMailed) back.searchParams.set("mailed", "");
    // Hired, the page opens at its top, where it offers to close the listing.
    if (saved.stage === "hired") back.searchParams.set("hired", "");
    const stays = !back.searchParams.get("stage") || back.searchParams.get("stage") === saved.stage;
    const atCard = stays && saved.stage !== "hired";
    return redirect(`${back.pathname}${back.search}${atCard ? `#application-${id}` : ""}`, 303);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ id, message: refusal.fieldMessage ?? refusal.message, values }, { status: refusal.status });
  }
}

const filterLink = (active: boolean) =>
  `rounded-full border px-3 py-1 text-sm font-medium ${
    active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
  }`;

function StageFilter({
  jobId,
  current,
  counts,
  total,
}: {
  jobId: string;
  current: string | undefined;
  counts: Record<ApplicationStage, number>;
  total: number;
}) {
  const base = `/my-jobs/${jobId}/applications`;
  return (
    <nav aria-label="Filter by stage" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={base} aria-current={current ? undefined : "page"} className={filterLink(!current)}>
            All ({total})
          </Link>
        </li>
        {APPLICATION_STAGES.map((stage) => (
          <li key={stage}>
            <Link
              to={`${base}?stage=${stage}`}
              aria-current={current === stage ? "page" : undefined}
              className={filterLink(current === stage)}
            >
              {STAGE_LABELS[stage]} ({counts[stage]})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What closing or reopening did, said at the top of the page (`?done=` after a form sent without scripts). */
const LISTING_NOTICES = {
  closed: "The listing is closed: it is off the board and takes no new applications. Its applications stay here.",
  reopened: "The listing is back on the board and takes applications again.",
  reviewed: "The listing is reopened. It goes back on the board once it has been reviewed.",
} as const;

/** A form's submit handled by the page's own code once scripts run; without them the browser posts it to the action. */
const onlyWith =
  (handle: (event: React.FormEvent<HTMLFormElement>) => unknown) => (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void handle(event);
  };

/** Where focus goes after a render: the close offer, the page's notice, or back to the control that opened the offer. */
type FocusTarget = "offer" | "notice" | HTMLElement | null;

export default function JobApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { job, applications, stage, counts, total, retentionDays, canChange, saved, done, offerClose } = loaderData;
  const filter = APPLICATION_STAGES.find((s) => s === stage);
  const revalidator = useRevalidator();
  const [offer, setOffer] = useState<{ returnTo: HTMLElement | null } | null>(offerClose ? { returnTo: null } : null);
  // A Save sent without scripts whose card is not on this page (it left the filter, or is not there at all).
  const onPage = (id: string | undefined) =>
    applications.some((application) => application.id === id && !application.erased);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(
    saved && !onPage(saved.id)
      ? { tone: "ok", text: `${savedText(saved.mailed)} ${saved.name} is now at ${STAGE_LABELS[saved.stage]}.` }
      : actionData && !onPage(actionData.id)
        ? { tone: "error", text: actionData.message }
        : done
          ? { tone: "ok", text: done }
          : null,
  );
  const [busy, setBusy] = useState(false);
  const offerRef = useRef<HTMLParagraphElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<FocusTarget>(null);
  // The offer and the notice appear at the top of the page, far from the Save pressed on a phone, and a saved card can
  // leave a filtered list: focus takes the reader to what changed instead of dropping to the page's start.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === "offer") offerRef.current?.focus();
    else if (target === "notice") noticeRef.current?.focus();
    else if (target.isConnected) target.focus();
    else noticeRef.current?.focus();
  });

  const say = (tone: "ok" | "error", text: string) => {
    setNotice({ tone, text });
    focusNext.current = "notice";
  };

  const hired = (returnTo: HTMLElement | null) => {
    setOffer({ returnTo });
    focusNext.current = "offer";
  };

  const keepOpen = () => {
    focusNext.current = offer?.returnTo ?? "notice";
    setOffer(null);
  };

  const closeListing = async () => {
    setBusy(true);
    const result = await api.closeJob(job.id);
    setBusy(false);
    if (!result.ok) return say("error", `The listing was not closed: ${result.message}`);
    setOffer(null);
    say("ok", LISTING_NOTICES.closed);
    void revalidator.revalidate();
  };

  const reopenListing = async () => {
    setBusy(true);
    const result = await api.reopenJob(job.id);
    setBusy(false);
    if (!result.ok) return say("error", `The listing was not reopened: ${result.message}`);
    say("ok", result.data.status === "pending" ? LISTING_NOTICES.reviewed : LISTING_NOTICES.reopened);
    void revalidator.revalidate();
  };

  return (
    <Protected>
      <main className="mx-auto max-w-4xl px-4 py-6">
        <Link to="/my-job" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to My Listings
        </Link>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Applications for {job.title}</h1>
        <p className="text-slate-600">{job.companyName}</p>
        {canChange ? null : (
          <p className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-800">
            You are reading another employer&apos;s applications as an admin, for moderation. Only the employer who
            posted this job changes their stages, and their private notes are not shown.
          </p>
        )}
        <div aria-live="polite">
          {notice ? (
            <p
              ref={noticeRef}
              tabIndex={-1}
              className={`mt-4 rounded-lg border p-3 focus:outline-none ${
                notice.tone === "ok"
                  ? "border-emerald-300 bg-emerald-50 text-emerald-900"
                  : "border-red-300 bg-red-50 text-red-800"
              }`}
            >
              {notice.text}
            </p>
          ) : null}
        </div>
        {job.status === "closed" ? (
          <section
            aria-labelledby="closed-heading"
            className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800"
          >
            <h2 id="closed-heading" className="font-semibold">
              This listing is closed
            </h2>
            <p className="mt-1 text-sm">
              Nobody sees it on the board and it takes no new applications. The applications below are erased{" "}
              {retentionDays} days after it closed
              {canChange ? ", unless you reopen it" : ", unless its employer reopens it"}.
            </p>
            {canChange ? (
              <form method="post" onSubmit={onlyWith(reopenListing)}>
                <button
                  type="submit"
                  name="intent"
                  value="reopen"
                  disabled={busy}
                  className="mt-3 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  Reopen the listing
                </button>
              </form>
            ) : null}
          </section>
        ) : null}
        {offer && job.status === "published" ? (
          <div
            role="group"
            aria-labelledby="offer-heading"
            className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
          >
            <p id="offer-heading" ref={offerRef} tabIndex={-1} className="font-semibold focus:outline-none">
              You hired someone. Close this listing?
            </p>
            <p className="mt-1 text-sm">
              Closing takes it off the board and stops new applications. You keep its applications here, and can reopen
              it later; they are erased {retentionDays} days after it closed.
            </p>
            <form
              method="post"
              onSubmit={onlyWith((event) =>
                (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "keep"
                  ? keepOpen()
                  : closeListing(),
              )}
              className="mt-3 flex flex-wrap gap-2"
            >
              <button
                type="submit"
                name="intent"
                value="close"
                disabled={busy}
                className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
              >
                Close the listing
              </button>
              <button
                type="submit"
                name="intent"
                value="keep"
                className="rounded-md border border-emerald-700 bg-white px-4 py-2 font-semibold text-emerald-800"
              >
                Keep it open
              </button>
            </form>
          </div>
        ) : null}
        <StageFilter jobId={job.id} current={stage} counts={counts} total={total} />
        {applications.length === 0 ? (
          <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {filter ? `No applications at ${STAGE_LABELS[filter]}.` : "No applications yet."}
          </p>
        ) : (
          <ul aria-label="Applications" className="mt-6 space-y-4">
            {applications.map((application) => (
              <ApplicationCard
                key={application.id}
                application={application}
                canChange={canChange}
                filter={filter}
                outcome={
                  actionData?.id === application.id
                    ? { refused: { message: actionData.message, values: actionData.values } }
                    : saved?.id === application.id
                      ? { saved: { mailed: saved.mailed } }
                      : undefined
                }
                onHired={hired}
                onLeft={(text) => say("ok", text)}
              />
            ))}
          </ul>
        )}
      </main>
    </Protected>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) {
    return (
      <ErrorPage
        status={error.status}
        title={error.status === 403 ? "Not your listing" : "Job not found"}
        detail={typeof error.data === "string" ? error.data : "This job does not exist."}
        action={{ to: "/my-job", label: "Back to My Listings" }}
      />
    );
  }
  return (
    <ErrorPage
      status={500}
      title="Something went wrong"
      detail="We could not load the applications. Please try again in a moment."
      action={{ to: "/my-job", label: "Back to My Listings" }}
    />
  );
}
