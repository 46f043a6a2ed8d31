import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "#app/components/legal-document.tsx";
import { SiteName } from "#app/components/site-name.tsx";
import { siteNameOf, titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/terms-and-condition";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "User Agreement") },
  {
    name: "description",
    content: `The terms for using ${siteNameOf(matches) ?? "this board"}: who may use it (18+ or with parental consent), posting and applying to jobs, your content, disclaimers and how to reach us.`,
  },
];

const link = "font-medium text-brand-700 hover:underline";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "eligibility",
    heading: "Eligibility",
    body: (
      <>
        <p>
          You must be at least 18 years old to use <SiteName />. If you are under 18, you may use it only with the
          consent and supervision of a parent or legal guardian, who accepts these terms on your behalf.
        </p>
        <p>If you post jobs for a company, you confirm that you are authorised to act for that company.</p>
      </>
    ),
  },
  {
    id: "responsibilities",
    heading: "Your Responsibilities",
    body: (
      <>
        <p>
          When you use <SiteName /> you agree to:
        </p>
        <ul>
          <li>give accurate information, and keep your sign-in details to yourself;</li>
          <li>use the site only for genuine job seeking and hiring;</li>
          <li>not collect other users&apos; contact details for spam or resale;</li>
          <li>not upload malicious code, or try to disrupt or overload the service;</li>
          <li>follow our Community Guidelines and the law that applies to you.</li>
        </ul>
      </>
    ),
  },
  {
    id: "job-listings",
    heading: "Job Listings",
    body: (
      <>
        <p>
          Posting a job is free. Each listing must describe a real, open position and state its location, employment
          type and salary range honestly. Listings may not ask applicants for any payment, and may not discriminate
          unlawfully.
        </p>
        <p>
          A listing is shown for 30 days from its posting date. You can edit or delete your listings at any time from My
          Listings. We may remove a listing that breaks these terms, without notice.
        </p>
        <p>
          Jobs on the Job Sites pages come from other job boards. Applications for them go to those sites and are
          covered by their terms, not ours.
        </p>
      </>
    ),
  },
  {
    id: "user-content",
    heading: "User Content Licence",
    body: (
      <>
        <p>
          You keep ownership of what you post, such as listing text and company logos. By posting it, you give{" "}
          <SiteName /> a worldwide, non-exclusive, royalty-free licence to host, display, format and share that content
          for as long as it is on the site, so that we can show your listing to job seekers, including in search results
          and feeds.
        </p>
        <p>
          You confirm that you have the right to post the content and that it does not infringe anyone else&apos;s
          rights.
        </p>
      </>
    ),
  },
  {
    id: "privacy",
    heading: "Privacy",
    body: (
      <p>
        Our{" "}
        <Link to="/privacy-policy" className={link}>
          Privacy Notice
        </Link>{" "}
        explains what personal data we collect and how we use it. By using <SiteName /> you acknowledge that notice.
      </p>
    ),
  },
  {
    id: "disclaimers",
    heading: "Disclaimers",
    body: (
      <>
        <p>
          <SiteName /> is provided &quot;as is&quot; and &quot;as available&quot;. We do not employ the people who post
          jobs, and we do not verify every listing, so we cannot guarantee that a listing is accurate, that a job is
          still open, or that applying will lead to an interview or an offer.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses arising from your use of
          the site or from dealings between employers and applicants.
        </p>
      </>
    ),
  },
  {
    id: "indemnification",
    heading: "Indemnification",
    body: (
      <p>
        You agree to indemnify and hold harmless <SiteName /> and its contributors against claims, losses and costs,
        including reasonable legal fees, that arise from content you post, your breach of these terms, or your breach of
        anyone else&apos;s rights.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to These Terms",
    body: (
      <p>
        We may update these terms as the service changes. We will change the effective date at the top of this page and,
        for significant changes, show a notice on the site before they apply. If you keep using <SiteName /> after a
        change takes effect, you accept the updated terms.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        Questions about these terms? Reach us through the{" "}
        <Link to="/contact" className={link}>
          Get in Touch
        </Link>{" "}
        page; we reply within 2-3 working days.
      </p>
    ),
  },
];

export default function TermsAndConditions() {
  return (
    <LegalDocument
      eyebrow="Terms and Conditions"
      title="User Agreement"
      dated="Effective date: August 2, 2024"
      summary={
        <>
          These terms apply to everyone who visits <SiteName />, searches for jobs or posts them. Please read them
          before you use the site.
        </>
      }
      sections={SECTIONS}
      label="Terms and Conditions sections"
    />
  );
}
