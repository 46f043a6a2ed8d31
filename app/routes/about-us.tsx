import {
  Eye,
  Handshake,
  HeartHandshake,
  Lightbulb,
  ShieldCheck,
  Target,
  type IconComponent,
} from "#app/components/icons.tsx";
import { Link } from "react-router";
import { PageIntro } from "#app/components/page-intro.tsx";
import { SocialIcon } from "#app/components/social-icon.tsx";
import { servicesContext } from "#app/context.server.ts";
import { useSite } from "#app/hooks/use-root-data.ts";
import { counterValues, type Counter } from "#app/lib/counters.ts";
import { titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Our Story") },
  {
    name: "description",
    content:
      "Why we built a job board where employers post for free and job seekers never pay, and the six values behind it.",
  },
];

/** Spec §2 About Us: the home page's numbers, as the operator set them (HERO_*) or, by default, the board's own. */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, jobs, heroCounters } = context.get(servicesContext);
  const [postedCount, heroFigures] = await Promise.all([
    site.counters.jobsPosted === "auto" ? jobs.countLiveJobs() : 0,
    heroCounters.figures(),
  ]);
  return { postedCount, heroFigures };
}

const ABOUT_ORDER: readonly Counter["label"][] = ["Jobs Posted", "Jobseekers", "Monthly Users"];

const VALUES: readonly { name: string; icon: IconComponent; text: string }[] = [
  {
    name: "Innovation",
    icon: Lightbulb,
    text: "We keep finding simpler ways to match people and work, like bringing openings from other job sites into one search.",
  },
  {
    name: "Accountability",
    icon: Target,
    text: "Every listing has an owner who can be reached. When something goes wrong, we say so and fix it.",
  },
  {
    name: "Commitment",
    icon: HeartHandshake,
    text: "Free posting is not a trial. We are committed to keeping the core of the board free for employers and job seekers.",
  },
  {
    name: "Teamwork",
    icon: Handshake,
    text: "The board is open source. Recruiters, developers and job seekers shape it together through feedback and code.",
  },
  {
    name: "Transparency",
    icon: Eye,
    text: "Salary ranges up front, clear posting dates and no hidden fees. You can see how the board works, down to its source code.",
  },
  {
    name: "Customer-Centricity",
    icon: ShieldCheck,
    text: "We design for the person looking for work first: fast search, honest listings, and no account needed to apply.",
  },
];

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  // The home page's hero labels and figures, so the same figure is not called two things on two pages; the spec's order.
  const stats = counterValues(site, loaderData.postedCount, loaderData.heroFigures).sort(
    (a, b) => ABOUT_ORDER.indexOf(a.label) - ABOUT_ORDER.indexOf(b.label),
  );
  return (
    <main>
      <PageIntro eyebrow="About Us" title="Our Story">
        <p>
          {site.name} began with a simple idea: a small business should not have to pay more to advertise a job than it
          pays the person it hires. So posting here is free, and searching and applying are free too.
        </p>
      </PageIntro>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-12">
        <section aria-labelledby="mission-heading" className="grid items-center gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-700">
            <h2 id="mission-heading" className="text-2xl font-semibold text-slate-900">
              Built for employers and job seekers alike
            </h2>
            <p>
              We list tech and non-tech roles side by side: developers and designers, but also sales, support,
              operations and teaching. Every listing shows the salary range, the experience it needs and the level of
              English it expects, so you can tell in seconds whether a job fits.
            </p>
            <p>
              Employers publish a listing in a few minutes, then edit or delete it any time from My Listings. Listings
              stay live for 30 days, so what you see is current.
            </p>
            <Link
              to="/post-job"
              className="inline-flex items-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Post Free Job
            </Link>
          </div>
          <ul
            aria-label={`${site.name} in numbers`}
            className="grid gap-4 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3"
          >
            {stats.map((stat) => (
              <li key={stat.label} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <span className="block text-3xl font-bold text-brand-700">{stat.value}</span>
                <span className="mt-1 block text-sm text-slate-600">{stat.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-center text-2xl font-semibold text-slate-900">
            Our Values
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {VALUES.map(({ name, icon: Icon, text }) => (
              <li key={name} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <Icon aria-hidden="true" className="h-8 w-8 text-brand-600" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{name}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        {site.socialLinks.length > 0 ? (
          <section aria-labelledby="follow-heading" className="text-center">
            <h2 id="follow-heading" className="text-2xl font-semibold text-slate-900">
              Follow Us
            </h2>
            <p className="mt-2 text-slate-700">New openings, hiring tips and product news, where you already are.</p>
            <ul className="mt-6 flex flex-wrap justify-center gap-4">
              {site.socialLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700"
                  >
                    <SocialIcon kind={link.kind} />
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
