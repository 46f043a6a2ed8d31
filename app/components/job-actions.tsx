import { ExternalLink, Mail, MessageCircle, Phone, Share2, type IconComponent } from "#app/components/icons.tsx";
import { useEffect, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import type { Job } from "#shared/job.ts";
import { dialledNumber, telHref } from "#shared/phone.ts";
import { shareJob, type ShareOutcome } from "#app/lib/share-job.ts";
import { BottomSheet } from "#app/components/bottom-sheet.tsx";
import { revealAfter } from "#app/components/timed-overlay.tsx";
import { useSheet } from "#app/hooks/use-sheet.ts";
import { isDocumentHydrated } from "#app/lib/hydration.ts";

const mailHref = (job: Job, email: string) =>
  `mailto:${email}?subject=${encodeURIComponent(`Application for ${job.jobTitle}`)}`;
/** A chat link by number (spec): WhatsApp's click-to-chat takes the digits with the country code. */
const chatHref = (number: string) => `https://wa.me/${dialledNumber(number).replace("+", "")}`;

const primary =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700";
const secondary =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100";

function useShare(job: Job, url: string) {
  const [outcome, setOutcome] = useState<ShareOutcome>(null);
  const share = async () => {
    setOutcome(null);
    setOutcome(await shareJob({ title: job.jobTitle, text: `${job.jobTitle} at ${job.companyName}`, url }));
  };
  return { share, outcome };
}

function ShareMessage({ outcome }: { outcome: ShareOutcome }) {
  if (!outcome) return null;
  return outcome.tone === "error" ? (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {outcome.message}
    </p>
  ) : (
    <p role="status" className="mt-2 text-sm break-all text-emerald-800">
      {outcome.message}
    </p>
  );
}

/**
 * Reports a click on an Apply link with a beacon, and takes the link's `ping` off before the browser follows it, so a
 * browser that sends pings (Chromium, Safari) reports the click once. Firefox sends no ping (its hyperlink auditing is
 * off by default) but sends the beacon. A middle click (a new tab) counts too; a right click (the menu) does not.
 * Without a beacon the ping is left to report the click, as it does when no script runs.
 */
function reportApplyClick(event: MouseEvent<HTMLAnchorElement>, ping: string) {
  if (event.type === "auxclick" && event.button !== 1) return;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(ping))
    event.currentTarget.removeAttribute("ping");
}

/**
 * Apply as the employer chose (issue 31): the board's own form, a mail to the employer, or the listing's link (the
 * default, and what every listing did before the choice existed) in a new tab. A link or mail away from the board
 * reports the click to the board (issue 32) without its address changing: with a script, by a beacon as it is clicked;
 * without one, by its `ping`, which the browser sends as it follows the link. The board's own form counts its
 * applications itself.
 */
function ApplyLink({ job, label, className = primary }: { job: Job; label: string; className?: string }) {
  const ping = `/api/jobs/${job._id}/apply-click`;
  const report = {
    onClick: (event: MouseEvent<HTMLAnchorElement>) => reportApplyClick(event, ping),
    onAuxClick: (event: MouseEvent<HTMLAnchorElement>) => reportApplyClick(event, ping),
  };
  if (job.applyMethod === "board") {
    return (
      <Link to={`/jobs/${job._id}/apply`} className={className}>
        {label}
      </Link>
    );
  }
  if (job.applyMethod === "email" && job.postedByEmail) {
    return (
      <a href={mailHref(job, job.postedByEmail)} ping={ping} {...report} className={className}>
        <Mail aria-hidden="true" className="h-4 w-4" />
        {label}
      </a>
    );
  }
  return (
    <a
      href={job.applyLink ?? undefined}
      ping={ping}
      {...report}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      {label}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
    </a>
  );
}

/** A way to reach the employer, or the spec's placeholder ('Null Mail', 'Null Num') when the listing has none. */
function ContactOrPlaceholder({
  icon: Icon,
  contact,
  href,
  newTab = false,
  placeholder,
}: {
  icon: IconComponent;
  contact: string | null;
  href: (contact: string) => string;
  newTab?: boolean;
  placeholder: string;
}) {
  if (!contact) {
    return (
      <span className="inline-flex items-center gap-2 px-2 text-slate-600">
        <Icon aria-hidden="true" className="h-4 w-4" />
        {placeholder}
      </span>
    );
  }
  return (
    <a href={href(contact)} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} className={secondary}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {contact}
    </a>
  );
}

/*
 * Tailwind's max-[769px] means width < 769px and min-[769px] width ≥ 769px, which splits exactly at the spec's
 * mobile breakpoint (768px or narrower).
 */

/** Spec: desktop shows Apply (new tab), a mail link or 'Null Mail', a chat link or 'Null Num', and Share Job. */
export function DesktopJobActions({ job, url }: { job: Job; url: string }) {
  const { share, outcome } = useShare(job, url);
  return (
    <div className="mt-6 max-[769px]:hidden">
      <div className="flex flex-wrap items-center gap-3">
        <ApplyLink job={job} label="Apply" />
        <ContactOrPlaceholder
          icon={Mail}
          contact={job.postedByEmail}
          href={(email) => mailHref(job, email)}
          placeholder="Null Mail"
        />
        <ContactOrPlaceholder
          icon={MessageCircle}
          contact={job.postedByNumber}
          href={chatHref}
          newTab
          placeholder="Null Num"
        />
        <button type="button" onClick={share} className={secondary}>
          <Share2 aria-hidden="true" className="h-4 w-4" />
          Share Job
        </button>
      </div>
      <ShareMessage outcome={outcome} />
    </div>
  );
}

/**
 * Spec: mobile shows 'Apply Now', which opens a bottom sheet of the ways to apply. The sheet needs the page's script:
 * until it runs (or where it never does) 'Apply Now' is the Apply link itself, so a phone without scripts can apply.
 * `coveredMs`: how long the page's spinner covers it; the fixed bar must not paint over it or be clicked through it.
 */
export function MobileJobActions({ job, url, coveredMs = 0 }: { job: Job; url: string; coveredMs?: number }) {
  const sheet = useSheet();
  const { share, outcome } = useShare(job, url);
  const [scripted, setScripted] = useState(isDocumentHydrated);
  useEffect(() => setScripted(true), []);
  return (
    <div className="min-[769px]:hidden">
      <div
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)]"
        style={coveredMs ? revealAfter(coveredMs) : undefined}
      >
        {scripted ? (
          <button
            type="button"
            onClick={sheet.open}
            aria-haspopup="dialog"
            aria-expanded={sheet.state === "open"}
            className={`${primary} w-full`}
          >
            Apply Now
          </button>
        ) : (
          <ApplyLink job={job} label="Apply Now" className={`${primary} w-full`} />
        )}
      </div>
      <BottomSheet state={sheet.state} onClose={sheet.close} title={`Apply for ${job.jobTitle}`}>
        <div className="flex flex-col gap-3">
          <button type="button" onClick={share} className={secondary}>
            <Share2 aria-hidden="true" className="h-4 w-4" />
            Share Job
          </button>
          {job.postedByNumber ? (
            <a href={telHref(job.postedByNumber)} className={secondary}>
              <Phone aria-hidden="true" className="h-4 w-4" />
              Call HR
            </a>
          ) : null}
          {job.postedByEmail ? (
            <a href={mailHref(job, job.postedByEmail)} className={secondary}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              Email
            </a>
          ) : null}
          <ApplyLink job={job} label="Apply Now" />
          <ShareMessage outcome={outcome} />
        </div>
      </BottomSheet>
    </div>
  );
}
