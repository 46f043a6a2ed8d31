import { ChevronDown } from "#app/components/icons.tsx";
import { useRef, type FormEvent, type ReactNode } from "react";
import { CURRENCY_CODES, DEFAULT_CURRENCY } from "#shared/currencies.ts";
import {
  DATE_POSTED,
  EMPLOYMENT_TYPES,
  ENGLISH_LEVELS,
  EXPERIENCE_LEVELS,
  LISTING_GENDERS,
  type OptionCounts,
  type OptionFilter,
} from "#shared/job.ts";
import { roundEstimate } from "#shared/job-paging.ts";
import { DATE_POSTED_LABELS } from "#app/lib/active-filters.ts";
import { formToHomeQuery, type HomeQuery } from "#app/lib/home-search.ts";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { SheetHeader } from "#app/components/sheet-header.tsx";
import { useFocusTrap } from "#app/hooks/use-focus-trap.ts";
import type { SheetState } from "#app/hooks/use-sheet.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group border-b border-slate-200 py-3">
      <summary className="flex cursor-pointer list-none items-center justify-between font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** " (12)", or " (about 1,200)" for an estimate: what choosing the option would give (ADR 38). */
function countOf(counts: OptionCounts | undefined, filter: OptionFilter, option: string): string {
  const count = counts?.[filter]?.[option];
  if (!count) return "";
  const shown = count.totalIsExact ? count.total : roundEstimate(count.total);
  return ` (${count.totalIsExact ? "" : "about "}${shown.toLocaleString("en-US")})`;
}

function RadioGroup({
  legend,
  name,
  options,
  value,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string; count?: string }[];
  value: string;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="space-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="h-4 w-4 accent-brand-600"
            />
            {option.label}
            {option.count ? <span className="text-slate-500">{option.count}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Select({
  label,
  name,
  options,
  value,
  counts,
}: {
  label: string;
  name: OptionFilter;
  options: readonly string[];
  value: string;
  counts?: OptionCounts;
}) {
  return (
    <label className="block text-sm text-slate-700">
      <span className="sr-only">{label}</span>
      <select
        name={name}
        defaultValue={value}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
            {countOf(counts, name, option)}
          </option>
        ))}
      </select>
    </label>
  );
}

type Props = {
  /** The applied state (from the URL) the controls start from. */
  query: HomeQuery;
  /** How many results each option would give, when known. */
  counts?: OptionCounts;
  onApply: (query: HomeQuery) => void;
  onClear: () => void;
  /** At 768 px or narrower the panel is a slide-up sheet with this state. */
  sheet: SheetState;
  onCloseSheet: () => void;
  isMobile: boolean;
};

/**
 * Spec: the filter sidebar with six collapsible sections, Apply and Clear. A GET form to "/", so filtering
 * works without JavaScript; with it, the submit becomes a client navigation with a clean URL.
 */
export function FilterPanel({ query, counts, onApply, onClear, sheet, onCloseSheet, isMobile }: Props) {
  const panel = useRef<HTMLElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const asDialog = isMobile && sheet !== "closed";
  useFocusTrap(panel, isMobile && sheet === "open", onCloseSheet);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(formToHomeQuery(event.currentTarget));
  }

  // Tailwind's max-[769px] means width < 769px, i.e. the spec's "768px or narrower".
  const sheetClass =
    sheet === "closed"
      ? "max-[769px]:hidden"
      : sheet === "closing"
        ? "max-[769px]:translate-y-full"
        : "max-[769px]:animate-[sheet-up_300ms_ease-out]";

  return (
    <>
      {sheet !== "closed" ? (
        <div
          aria-hidden="true"
          data-testid="filter-backdrop"
          onClick={onCloseSheet}
          className={`fixed inset-0 z-50 bg-slate-900/50 transition-opacity duration-300 min-[769px]:hidden ${sheet === "closing" ? "opacity-0" : ""}`}
        />
      ) : null}
      <aside
        ref={panel}
        id="filter-panel"
        aria-labelledby="filter-heading"
        role={asDialog ? "dialog" : undefined}
        aria-modal={asDialog ? true : undefined}
        tabIndex={asDialog ? -1 : undefined}
        className={`w-full shrink-0 rounded-xl border border-slate-200 bg-white p-4 min-[769px]:sticky min-[769px]:top-20 min-[769px]:w-64 min-[769px]:self-start max-[769px]:fixed max-[769px]:inset-x-0 max-[769px]:bottom-0 max-[769px]:z-50 max-[769px]:max-h-[85vh] max-[769px]:pb-0 max-[769px]:scroll-pb-24 max-[769px]:overflow-y-auto max-[769px]:rounded-b-none max-[769px]:transition-transform max-[769px]:duration-300 ${sheetClass}`}
      >
        <SheetHeader
          titleId="filter-heading"
          title="Filters"
          closeLabel="Close filters"
          onClose={onCloseSheet}
          closeClassName="min-[769px]:hidden"
        />
        <form
          key={JSON.stringify(query)}
          ref={form}
          method="get"
          action="/"
          onSubmit={submit}
          aria-labelledby="filter-heading"
        >
          <HiddenFields query={{ search: query.search, location: query.location, sort: query.sort }} />
          <Section title="Experience">
            <RadioGroup
              legend="Experience"
              name="experienceLevel"
              value={query.experienceLevel ?? ""}
              options={[
                { value: "", label: "Any" },
                ...EXPERIENCE_LEVELS.map((level) => ({
                  value: level,
                  label: level,
                  count: countOf(counts, "experienceLevel", level),
                })),
              ]}
            />
          </Section>
          <Section title="Type">
            <Select
              label="Employment type"
              name="employmentType"
              options={EMPLOYMENT_TYPES}
              value={query.employmentType ?? ""}
              counts={counts}
            />
          </Section>
          <Section title="Salary">
            <div className="grid grid-cols-2 gap-2">
              <label className="text-sm text-slate-700">
                Minimum
                <input
                  name="minSalary"
                  inputMode="numeric"
                  placeholder="Min"
                  defaultValue={query.minSalary ?? ""}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                />
              </label>
              <label className="text-sm text-slate-700">
                Maximum
                <input
                  name="maxSalary"
                  inputMode="numeric"
                  placeholder="Max"
                  defaultValue={query.maxSalary ?? ""}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                />
              </label>
              {/* Amounts compare within one currency: the bounds match listings priced in this one. */}
              <label className="col-span-2 text-sm text-slate-700">
                Currency
                <select
                  name="salaryCurrency"
                  defaultValue={query.salaryCurrency ?? DEFAULT_CURRENCY}
                  className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                >
                  {CURRENCY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </Section>
          <Section title="Date Posted">
            <RadioGroup
              legend="Date Posted"
              name="datePosted"
              value={query.datePosted ?? "all"}
              options={DATE_POSTED.map((value) => ({
                value,
                label: DATE_POSTED_LABELS[value],
                count: countOf(counts, "datePosted", value),
              }))}
            />
          </Section>
          <Section title="Gender">
            <Select label="Gender" name="gender" options={LISTING_GENDERS} value={query.gender ?? ""} counts={counts} />
          </Section>
          <Section title="English Level">
            <Select
              label="English level"
              name="englishLevel"
              options={ENGLISH_LEVELS}
              value={query.englishLevel ?? ""}
              counts={counts}
            />
          </Section>
          <div className="mt-4 flex gap-2 bg-white max-[769px]:sticky max-[769px]:bottom-0 max-[769px]:-mx-4 max-[769px]:border-t max-[769px]:border-slate-200 max-[769px]:p-4">
            <button
              type="submit"
              className="flex-1 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Apply
            </button>
            {/* Spec: the tooltip asks for a double click, but one click clears. Without JS, the loader sees `clear`. */}
            <button
              type="submit"
              name="clear"
              value="1"
              title="Double click to clear"
              onClick={(event) => {
                event.preventDefault();
                form.current?.reset();
                onClear();
              }}
              className="flex-1 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Clear
            </button>
          </div>
        </form>
      </aside>
    </>
  );
}
