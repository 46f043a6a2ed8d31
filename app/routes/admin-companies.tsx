import { useId, useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminCards } from "#app/components/admin-cards.tsx";
import { AdminErrorPage, AdminPage } from "#app/components/admin-page.tsx";
import { inputClass } from "#app/components/job-form-controls.tsx";
import { VerifiedBadge } from "#app/components/verified-badge.tsx";
import { loadForAdmin, servicesContext } from "#app/context.server.ts";
import { api } from "#app/lib/api-client.ts";
import { unlisted } from "#app/lib/meta.ts";
import { ADMIN_COMPANIES_PAGE_SIZE, type AdminCompany } from "#shared/companies.ts";
import type { Route } from "./+types/admin-companies";

export const meta: Route.MetaFunction = ({ matches }) => unlisted(matches, "Companies");

/** Admins only; everyone else gets the same 404 as a page that does not exist (ADR 0011). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { companies } = context.get(servicesContext);
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const list = await loadForAdmin(context, request, (_moderation, viewer) =>
    companies.listCompaniesForAdmin({ viewer, page }),
  );
  return { companies: list, page };
}

const button =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60";

function decisionLabel(company: AdminCompany): string {
  if (company.verifiedByAdmin === true) return "verified by an admin";
  if (company.verifiedByAdmin === false) return "verification removed by an admin";
  return company.verified ? "verified by its owner's address" : "not verified";
}

function VerificationButtons({ company, onDone }: { company: AdminCompany; onDone: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const decide = async (verified: boolean | null) => {
    setBusy(true);
    const result = await api.setCompanyVerification(company.slug, verified);
    setBusy(false);
    onDone(result.ok ? `${company.name}: saved.` : result.message);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {company.verifiedByAdmin !== true ? (
        <button type="button" disabled={busy} onClick={() => void decide(true)} className={button}>
          Verify {company.name}
        </button>
      ) : null}
      {company.verifiedByAdmin !== false ? (
        <button type="button" disabled={busy} onClick={() => void decide(false)} className={button}>
          Remove verification of {company.name}
        </button>
      ) : null}
      {company.verifiedByAdmin !== null ? (
        <button type="button" disabled={busy} onClick={() => void decide(null)} className={button}>
          Let the domain rule decide
        </button>
      ) : null}
    </div>
  );
}

function MergeForm({ onDone }: { onDone: (message: string) => void }) {
  const [from, setFrom] = useState("");
  const [into, setInto] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const result = await api.mergeCompanies(from.trim(), into.trim());
    setBusy(false);
    onDone(result.ok ? `${from} was merged into ${into}.` : result.message);
    if (result.ok) setFrom("");
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Merge two companies that are the same
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every listing of the first moves to the second and shows its details; the first company and its page are gone.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            Merge the company at address
          </label>
          <input
            id={`${id}-from`}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            required
            className={inputClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-into`} className="text-sm font-medium">
            Into the company at address
          </label>
          <input
            id={`${id}-into`}
            value={into}
            onChange={(e) => setInto(e.target.value)}
            required
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={busy} className={button}>
          Merge
        </button>
      </div>
    </form>
  );
}

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const { companies, page } = loaderData;
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const done = (text: string) => {
    setMessage(text);
    void revalidator.revalidate();
  };
  return (
    <AdminPage
      title="Companies"
      intro="Every company by name, with its owner and listings. Verify one or take its badge away, or merge two that are the same."
      backToQueue
    >
      <p role="status" className="mt-4 min-h-6 text-sm font-medium text-slate-800">
        {message}
      </p>
      <MergeForm onDone={done} />
      <AdminCards items={companies} label="Companies" empty="No companies on this page.">
        {(company) => (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/companies/${company.slug}`} className="text-lg font-semibold text-brand-700 underline">
                {company.name}
              </Link>
              {company.verified ? <VerifiedBadge /> : null}
            </div>
            <p className="mt-1 text-sm text-slate-700">
              Address: {company.slug} · {company.listings} {company.listings === 1 ? "listing" : "listings"} ·{" "}
              {company.ownerEmail ? `owned by ${company.ownerEmail}` : "no owner (imported)"} · {decisionLabel(company)}
            </p>
            <VerificationButtons company={company} onDone={done} />
          </>
        )}
      </AdminCards>
      <nav aria-label="Pages" className="mt-6 flex gap-4">
        {page > 1 ? (
          <Link to={`?page=${page - 1}`} className="font-medium text-brand-700 underline">
            Previous
          </Link>
        ) : null}
        {companies.length === ADMIN_COMPANIES_PAGE_SIZE ? (
          <Link to={`?page=${page + 1}`} className="font-medium text-brand-700 underline">
            Next
          </Link>
        ) : null}
      </nav>
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
