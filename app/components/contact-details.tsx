import { Clock, Mail, MapPin, Phone, type IconComponent } from "#app/components/icons.tsx";
import type { ReactNode } from "react";
import { useSite } from "#app/hooks/use-root-data.ts";
import { telHref } from "#shared/phone.ts";

const linkClass = "text-brand-700 hover:underline";

function Detail({ icon: Icon, term, children }: { icon: IconComponent; term: string; children: ReactNode }) {
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

/** How to reach the operator besides the form (SITE_EMAIL, SITE_PHONE, SITE_ADDRESS, SITE_HOURS); what they set to none is left out. */
export function ContactDetails() {
  const site = useSite();
  if (!site.contactEmail && !site.phone && site.address.length === 0 && !site.hours)
    return <p className="text-slate-700">Write to us with the form on this page: it reaches the team directly.</p>;
  return (
    <dl className="space-y-5 text-slate-700">
      {site.contactEmail ? (
        <Detail icon={Mail} term="Email">
          <a href={`mailto:${site.contactEmail}`} className={linkClass}>
            {site.contactEmail}
          </a>
        </Detail>
      ) : null}
      {site.phone ? (
        <Detail icon={Phone} term="Phone">
          <a href={telHref(site.phone)} className={linkClass}>
            {site.phone}
          </a>
        </Detail>
      ) : null}
      {site.address.length > 0 ? (
        <Detail icon={MapPin} term="Office">
          <address className="not-italic">
            {site.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Detail>
      ) : null}
      {site.hours ? (
        <Detail icon={Clock} term="Support hours">
          {site.hours}
        </Detail>
      ) : null}
    </dl>
  );
}
