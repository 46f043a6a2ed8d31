import { BadgeCheck, Mail, MapPin, PhoneCall, Search, type IconComponent } from "#app/components/icons.tsx";
import { useEffect, useRef, type FormEvent } from "react";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { useSite } from "#app/hooks/use-root-data.ts";
import { counterValues, postedLabel } from "#app/lib/counters.ts";
import { CARRIED_KEYS, formToHomeQuery, pick, type HomeQuery } from "#app/lib/home-search.ts";
import type { HeroFigures } from "#shared/hero-counters.ts";

function Counter({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-white/10 px-2 py-1.5 text-center sm:px-4 sm:py-3">
      <dt className="text-xs text-brand-100 sm:text-sm">{label}</dt>
      <dd className="text-base font-bold text-white sm:text-2xl">{value}</dd>
    </div>
  );
}

/** One of the hero's two search boxes: an icon, a label for screen readers, and the input the search form sends. */
function HeroField({
  icon: Icon,
  label,
  name,
  value,
  placeholder,
  divided = false,
}: {
  icon: IconComponent;
  label: string;
  name: "search" | "location";
  value: string | undefined;
  placeholder: string;
  /** A line between it and the box before it, where the two sit side by side. */
  divided?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef(value ?? "");
  // Words typed since the box last showed a search are the visitor's: a search that finishes loading meanwhile, or the
  // page hydrating after they typed, never puts the old words back (issue 76). A submit hands them to the search.
  const typed = useRef(false);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    if (box.value !== shown.current) typed.current = true;
    const submitted = () => (typed.current = false);
    box.form?.addEventListener("submit", submitted);
    return () => box.form?.removeEventListener("submit", submitted);
  }, []);
  useEffect(() => {
    const next = value ?? "";
    if (next === shown.current) return;
    shown.current = next;
    if (input.current && !typed.current) input.current.value = next;
  }, [value]);
  return (
    <label
      className={`flex flex-1 items-center gap-2 rounded-lg px-3 text-slate-700 focus-within:ring-2 focus-within:ring-brand-600${divided ? " md:border-l md:border-slate-200" : ""}`}
    >
      <Icon aria-hidden="true" className="h-5 w-5 text-slate-500" />
      <span className="sr-only">{label}</span>
      <input
        ref={input}
        name={name}
        defaultValue={value ?? ""}
        onInput={() => (typed.current = true)}
        placeholder={placeholder}
        className="w-full py-2.5 text-slate-900 sm:py-3 outline-none placeholder:text-slate-500"
      />
    </label>
  );
}

/** The search the home page opens with: the spec's headline, position and location, and the board's counters. */
export function HomeHero({
  query,
  postedCount,
  figures,
  onSearch,
}: {
  query: HomeQuery;
  postedCount: number;
  /** What the board counted for the `auto` counters; undefined when the operator set them all. */
  figures: HeroFigures | undefined;
  onSearch: (q: HomeQuery) => void;
}) {
  const counters = counterValues(useSite(), postedCount, figures);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(formToHomeQuery(event.currentTarget));
  }
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-brand-700 to-brand-500 text-white">
      {/* Compact on a phone, so the first results show on its first screen (issue 76). */}
      <div className="mx-auto max-w-7xl px-4 py-4 sm:py-12 lg:py-16">
        <ul className="flex flex-wrap gap-2">
          <li className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-medium sm:px-3 sm:py-1 sm:text-sm">
            <PhoneCall aria-hidden="true" className="h-4 w-4" /> Call Directly HR
          </li>
          <li className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-medium sm:px-3 sm:py-1 sm:text-sm">
            <Mail aria-hidden="true" className="h-4 w-4" /> Send The Mail
          </li>
        </ul>
        <h1 id="hero-title" className="mt-2 text-2xl font-extrabold tracking-tight sm:mt-4 sm:text-5xl">
          Don&apos;t Take a Goal Take an Aim
        </h1>
        <p className="mt-3 hidden max-w-2xl text-brand-50 sm:block">
          Tech and non-tech jobs, posted free by employers. Call or mail the HR directly.
        </p>
        <form
          method="get"
          action="/"
          role="search"
          onSubmit={submit}
          className="mt-3 flex flex-col gap-1 rounded-xl bg-white p-2 shadow-lg sm:mt-8 sm:gap-2 md:flex-row"
        >
          <HiddenFields query={pick(query, CARRIED_KEYS)} />
          <HeroField
            icon={Search}
            label="Position"
            name="search"
            value={query.search}
            placeholder="What position are you looking for?"
          />
          <HeroField
            icon={MapPin}
            label="Location"
            name="location"
            value={query.location}
            placeholder="Location"
            divided
          />
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold sm:py-3 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Search
          </button>
        </form>
        <p className="mt-3 inline-flex items-center gap-2 text-sm text-brand-50 sm:mt-4 sm:text-base">
          <BadgeCheck aria-hidden="true" className="h-5 w-5" />
          <span>
            Posted Jobs <strong className="text-white">{postedLabel(postedCount)}</strong>
          </span>
        </p>
        {counters.length > 0 ? (
          <dl className="mt-3 grid max-w-xl grid-cols-3 gap-2 sm:mt-8 sm:gap-3">
            {counters.map((counter) => (
              <Counter key={counter.label} value={counter.value} label={counter.label} />
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
