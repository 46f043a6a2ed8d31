import { Link } from "react-router";
import { ContactDetails } from "#app/components/contact-details.tsx";
import { ContactForm } from "#app/components/contact-form.tsx";
import { Faq, type FaqEntry } from "#app/components/faq.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { siteNameOf, titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Get in Touch") },
  {
    name: "description",
    content: `Contact the ${siteNameOf(matches) ?? "board's"} team about a listing, your account or the site. We reply within 2-3 working days. Answers to common questions included.`,
  },
];

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

const FAQ: readonly FaqEntry[] = [
  {
    question: "How do I apply for jobs?",
    answer: (
      <p>
        Open any listing from{" "}
        <Link to="/" className={linkClass}>
          Find Jobs
        </Link>{" "}
        and press Apply. You go straight to the employer&apos;s own application page, and many listings also show an
        email address or a phone number for the hiring contact. We never ask you to apply through us or to pay to apply.
      </p>
    ),
  },
  {
    question: "How do I create an account?",
    answer: (
      <p>
        Press Sign In at the top of any page, tick the box to accept the{" "}
        <Link to="/terms-and-condition" className={linkClass}>
          User Agreement
        </Link>{" "}
        and the{" "}
        <Link to="/privacy-policy" className={linkClass}>
          Privacy Notice
        </Link>
        , then continue with one of the sign-in options shown. Your account is created the first time you sign in. You
        only need one to post jobs; browsing, searching and saving favourites work without it.
      </p>
    ),
  },
  {
    question: "How can I contact support?",
    answer: (
      <p>
        Use the form on this page, or write to us at the email address listed under Contact details. Tell us the job
        title and company if your question is about a listing. We answer every message within 2-3 working days.
      </p>
    ),
  },
  {
    question: "Can I save jobs to look at later?",
    answer: (
      <p>
        Yes. Press the heart button on any job card or job page and it turns red. Everything you saved is in the{" "}
        <Link to="/favourite" className={linkClass}>
          Favorites
        </Link>{" "}
        section, reached with the heart at the top of the page. Favourites are kept in this browser only, so they do not
        follow you to another device.
      </p>
    ),
  },
  {
    question: "Are there any fees for job seekers?",
    answer: (
      <p>
        No. Searching, saving and applying are free, and so is posting a job. If anyone asks you for money to be
        considered for a job listed here, do not pay, and tell us through this page so we can remove the listing.
      </p>
    ),
  },
];

export default function Contact() {
  return (
    <main>
      <PageIntro eyebrow="Contact Us" title="Get in Touch">
        <p>
          Questions about a listing, your account or how the site works? Send us a message and we will get back to you
          within 2-3 working days.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-slate-600">Every message reaches a person on our team, not a bot.</p>
          <ContactForm />
        </section>
        <section
          aria-labelledby="contact-details-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contact-details-heading" className="mb-5 text-xl font-semibold text-slate-900">
            Contact details
          </h2>
          <ContactDetails />
          <p className="mt-6 rounded-lg bg-brand-50 p-4 text-sm text-slate-700">
            Response time: we reply to every message within 2-3 working days.
          </p>
        </section>
      </div>
      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-6">
        <h2 id="faq-heading" className="mb-4 text-2xl font-semibold text-slate-900">
          Frequently Asked Questions
        </h2>
        <Faq entries={FAQ} />
      </section>
    </main>
  );
}
