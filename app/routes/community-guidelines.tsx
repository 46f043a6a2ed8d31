import {
  BadgeCheck,
  Ban,
  Bell,
  BriefcaseBusiness,
  CalendarClock,
  CircleDollarSign,
  Flag,
  Heart,
  ListChecks,
  LogIn,
  MessageSquareText,
  PencilLine,
  Scale,
  Search,
  Send,
  ShieldCheck,
  type IconComponent,
} from "#app/components/icons.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { SiteName } from "#app/components/site-name.tsx";
import { siteNameOf, titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/community-guidelines";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Community Guidelines") },
  {
    name: "description",
    content: `How to get started on ${siteNameOf(matches) ?? "this board"}, how we expect members to treat each other, and the rules every job listing must follow.`,
  },
];

type Card = { title: string; icon: IconComponent; text: string };

const GETTING_STARTED: readonly Card[] = [
  {
    title: "Search for jobs",
    icon: Search,
    text: "Type a position and a location on Find Jobs. You can search without an account.",
  },
  {
    title: "Narrow the results",
    icon: ListChecks,
    text: "Filter by experience, job type, salary, date posted, gender and English level to see only the jobs that fit.",
  },
  {
    title: "Save your favourites",
    icon: Heart,
    text: "Press the heart on any job to keep it in Favorites, so you can compare and come back later.",
  },
  {
    title: "Apply at the source",
    icon: Send,
    text: "Apply opens the employer's own application page. Read the whole listing first and tailor your application.",
  },
  {
    title: "Sign in to hire",
    icon: LogIn,
    text: "Employers sign in once, then post jobs for free. Your account email is attached to every listing you post.",
  },
  {
    title: "Manage your listings",
    icon: PencilLine,
    text: "Edit or delete your jobs any time from My Listings. Remove a job as soon as it is filled.",
  },
];

const COMMUNITY: readonly Card[] = [
  {
    title: "Be respectful",
    icon: MessageSquareText,
    text: "Treat applicants and employers professionally in every message and call. Harassment and abusive language are not allowed.",
  },
  {
    title: "Be honest",
    icon: BadgeCheck,
    text: "Represent yourself and your company truthfully. Do not impersonate another person or business.",
  },
  {
    title: "Protect privacy",
    icon: ShieldCheck,
    text: "Use the contact details in a listing only to discuss that job. Never share someone's personal information without their permission.",
  },
  {
    title: "Report problems",
    icon: Flag,
    text: "If a listing looks like a scam or breaks these rules, tell us through the Get in Touch page and we will review it.",
  },
];

const JOB_POSTING: readonly Card[] = [
  {
    title: "Real, open positions only",
    icon: BriefcaseBusiness,
    text: "Post jobs you are actually hiring for. No placeholder listings, pyramid schemes or ads for courses.",
  },
  {
    title: "Clear pay and location",
    icon: CircleDollarSign,
    text: "Give an honest salary range and salary type, and say where the work happens, or that it is remote.",
  },
  {
    title: "Never charge applicants",
    icon: Ban,
    text: "Listings may not ask for registration fees, deposits or paid training. Applying must be free.",
  },
  {
    title: "Fair to everyone",
    icon: Scale,
    text: "Describe the skills the job needs. Do not exclude people for their religion, caste, age, disability or background.",
  },
  {
    title: "Keep it current",
    icon: CalendarClock,
    text: "Listings are hidden 30 days after their posting date. Update or delete yours when the details change.",
  },
  {
    title: "Reachable contacts",
    icon: Bell,
    text: "Use a working apply link, and an email or phone number that someone answers during the hiring period.",
  },
];

function CardSection({
  id,
  title,
  intro,
  cards,
}: {
  id: string;
  title: string;
  intro: string;
  cards: readonly Card[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{intro}</p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ title: cardTitle, icon: Icon, text }) => (
          <li key={cardTitle} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <Icon aria-hidden="true" className="h-7 w-7 text-brand-600" />
            <h3 className="mt-3 font-semibold text-slate-900">{cardTitle}</h3>
            <p className="mt-1 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function CommunityGuidelines() {
  return (
    <main>
      <PageIntro eyebrow="General Guidelines" title="Community Guidelines">
        <p>
          <SiteName /> works because people trust what they find here. These guidelines explain how to get started and
          what we expect from everyone who searches, applies or hires.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12">
        <CardSection
          id="getting-started"
          title="Getting Started"
          intro="Six steps from your first search to your first hire."
          cards={GETTING_STARTED}
        />
        <CardSection
          id="community-guidelines"
          title="Community Guidelines"
          intro="How we expect members to treat each other."
          cards={COMMUNITY}
        />
        <CardSection
          id="job-posting-guidelines"
          title="Job Posting Guidelines"
          intro="Every listing must follow these rules. Listings that do not may be removed without notice."
          cards={JOB_POSTING}
        />
      </div>
    </main>
  );
}
