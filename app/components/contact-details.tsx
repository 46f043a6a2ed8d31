import { Clock, Mail, MapPin, Phone } from "lucide-react";

/** How to reach the team besides the form. */
export const CONTACT_DETAILS = {
  email: "support@jobboard.community",
  phone: "+91 80 4718 2290",
  phoneHref: "tel:+918047182290",
  address: ["Job Board Community Desk", "3rd Floor, 27 Residency Road", "Bengaluru, Karnataka 560025, India"],
  hours: "Monday to Friday, 10:00 to 18:00 IST",
} as const;

export function ContactDetails() {
  const item = "flex gap-3";
  const icon = "mt-0.5 h-5 w-5 shrink-0 text-brand-600";
  return (
    <dl className="space-y-5 text-slate-700">
      <div className={item}>
        <Mail aria-hidden="true" className={icon} />
        <div>
          <dt className="font-semibold text-slate-900">Email</dt>
          <dd>
            <a href={`mailto:${CONTACT_DETAILS.email}`} className="text-brand-700 hover:underline">
              {CONTACT_DETAILS.email}
            </a>
          </dd>
        </div>
      </div>
      <div className={item}>
        <Phone aria-hidden="true" className={icon} />
        <div>
          <dt className="font-semibold text-slate-900">Phone</dt>
          <dd>
            <a href={CONTACT_DETAILS.phoneHref} className="text-brand-700 hover:underline">
              {CONTACT_DETAILS.phone}
            </a>
          </dd>
        </div>
      </div>
      <div className={item}>
        <MapPin aria-hidden="true" className={icon} />
        <div>
          <dt className="font-semibold text-slate-900">Office</dt>
          <dd>
            <address className="not-italic">
              {CONTACT_DETAILS.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
      </div>
      <div className={item}>
        <Clock aria-hidden="true" className={icon} />
        <div>
          <dt className="font-semibold text-slate-900">Support hours</dt>
          <dd>{CONTACT_DETAILS.hours}</dd>
        </div>
      </div>
    </dl>
  );
}
