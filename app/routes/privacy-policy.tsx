import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "#app/components/legal-document.tsx";
import { SiteName } from "#app/components/site-name.tsx";
import { siteNameOf, titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Privacy Notice") },
  {
    name: "description",
    content: `What personal data ${siteNameOf(matches) ?? "this board"} collects, why, who it is shared with, how it is protected, and the rights you have over it.`,
  },
];

const link = "font-medium text-brand-700 hover:underline";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "data-collected",
    heading: "Information We Collect",
    body: (
      <>
        <p>We collect only what the service needs:</p>
        <ul>
          <li>
            <strong>Account data</strong> when you sign in: your name, email address and profile photo, from your email
            sign-up or from the sign-in provider you choose.
          </li>
          <li>
            <strong>Listing data</strong> when you post a job: the company and job details you enter, and the contact
            email or phone number you choose to publish.
          </li>
          <li>
            <strong>Messages</strong> you send through the contact form: your name, email, optional phone number and
            subject, and the message itself.
          </li>
          <li>
            <strong>Technical data</strong>: your IP address and browser details in our server logs, and a session
            cookie that keeps you signed in.
          </li>
        </ul>
        <p>
          Your saved favourite jobs are kept in your own browser&apos;s storage. They are never sent to our servers.
        </p>
      </>
    ),
  },
  {
    id: "uses",
    heading: "How We Use Your Information",
    body: (
      <ul>
        <li>to sign you in and keep your account secure;</li>
        <li>to publish your listings and let you edit or delete them;</li>
        <li>to answer the messages you send us;</li>
        <li>to prevent spam and abuse, for example by limiting how many messages one address can send;</li>
        <li>to keep the service running and fix problems.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    heading: "How We Share Information",
    body: (
      <>
        <p>
          We do not sell your personal data. Listings you post are public by design, including any contact details you
          add to them. Otherwise we share data only with the providers that run the service for us (hosting, email
          delivery, and the sign-in provider you chose), and with authorities when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "security",
    heading: "Data Security",
    body: (
      <p>
        Connections to <SiteName /> are encrypted, sign-in sessions use secure, HTTP-only cookies, and passwords are
        stored only as salted hashes. Access to our database is limited to the people who run the service. No system is
        perfectly secure, so please tell us at once if you suspect misuse of your account.
      </p>
    ),
  },
  {
    id: "rights",
    heading: "Your Rights",
    body: (
      <>
        <p>
          You may ask for a copy of the personal data we hold about you, ask us to correct it, or ask us to delete your
          account and listings. You can delete any listing yourself from My Listings, and clear your favourites by
          clearing your browser&apos;s site data.
        </p>
        <p>
          To make a request, use the{" "}
          <Link to="/contact" className={link}>
            Get in Touch
          </Link>{" "}
          page. We answer within 2-3 working days and complete requests within 30 days.
        </p>
      </>
    ),
  },
  {
    id: "third-party-links",
    heading: "Third-Party Links",
    body: (
      <>
        <p>
          Apply links, company websites, social profiles and the jobs on our Job Sites pages lead to other websites.
          Their own privacy policies apply there, and we are not responsible for how they handle your data.
        </p>
        <p id="company-logos">
          Company logos are loaded from the address each employer gives for them: when a page shows a logo, your browser
          fetches it from that employer&apos;s server (or whoever hosts the image), which sees your IP address and
          browser details, as with any image on the web. We do not copy or proxy these images, and your browser is asked
          not to tell that server which page of ours you were reading.
        </p>
      </>
    ),
  },
  {
    id: "children",
    heading: "Children Under 18",
    body: (
      <p>
        <SiteName /> is meant for adults. We do not knowingly collect personal data from anyone under 18 without a
        parent&apos;s or guardian&apos;s consent. If you believe a child has given us personal data, contact us and we
        will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to This Notice",
    body: (
      <p>
        When we change this notice we update the date at the top of the page. If a change affects how we use data you
        have already given us, we will show a notice on the site before it applies.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalDocument
      eyebrow="Privacy Policy"
      title="Privacy Notice"
      dated="Last updated: August 02, 2024"
      summary={
        <>
          This notice explains what personal data <SiteName /> collects when you browse, sign in, post a job or contact
          us, and what we do with it.
        </>
      }
      sections={SECTIONS}
      label="Privacy Notice sections"
    />
  );
}
