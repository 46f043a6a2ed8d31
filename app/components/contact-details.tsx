import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** How to reach the team besides the form. */
export const CONTACT_DETAILS = {
  email: "support@jobboard.community",
  phone: "+91 80 4718 2290",
  phoneHref: "tel:+918047182290",
  address: ["Job Board Community Desk", "3rd Floor, 27 Residency Road", "Bengaluru, Karnataka 560025, India"],
  hours: "Monday to Friday, 10:00 to 18:00 IST",
} as const;

const linkClass = "text-brand-700 hover:underline";

function Detail({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
        {term}
      </dt>
      <dd className="pl-7">{children}</dd>
    </div>
  );
}

export function ContactDetails() {
  return (
    <dl className="space-y-5 text-slate-700">
      <Detail icon={Mail} term="Email">
        <a href={`mailto:${CONTACT_DETAILS.email}`} className={linkClass}>
          {CONTACT_DETAILS.email}
        </a>
      </Detail>
      <Detail icon={Phone} term="Phone">
        <a href={CONTACT_DETAILS.phoneHref} className={linkClass}>
          {CONTACT_DETAILS.phone}
        </a>
      </Detail>
      <Detail icon={MapPin} term="Office">
        <address className="not-italic">
          {CONTACT_DETAILS.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </Detail>
      <Detail icon={Clock} term="Support hours">
        {CONTACT_DETAILS.hours}
      </Detail>
    </dl>
  );
}
