import { Link } from "react-router";
import { useSite } from "#app/hooks/use-root-data.ts";
import { mainNav, MORE_US_NAV } from "#app/lib/site.ts";
import { SocialIcon } from "#app/components/social-icon.tsx";
import { telHref } from "#shared/phone.ts";

const linkClass = "text-sm text-slate-300 hover:text-white hover:underline";

export function Footer({ jobSites = true }: { jobSites?: boolean }) {
  const site = useSite();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/images/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
            {site.name}
          </Link>
          <p className="mt-3 text-sm text-slate-300">
            Free job listings for employers, tech and non-tech jobs for everyone.
          </p>
          <address className="mt-3 space-y-1 text-sm not-italic">
            {site.contactEmail ? (
              <a href={`mailto:${site.contactEmail}`} className={`block ${linkClass}`}>
                {site.contactEmail}
              </a>
            ) : null}
            {site.phone ? (
              <a href={telHref(site.phone)} className={`block ${linkClass}`}>
                {site.phone}
              </a>
            ) : null}
            {site.address.length > 0 ? <span className="block text-slate-400">{site.address.join(", ")}</span> : null}
          </address>
        </div>
        <nav aria-label="Jobs">
          <h2 className="text-sm font-semibold text-white">Jobs</h2>
          <ul className="mt-3 space-y-2">
            {mainNav({ jobSites }).map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-3 space-y-2">
            {MORE_US_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/community-guidelines" className={linkClass}>
                Community Guidelines
              </Link>
            </li>
          </ul>
        </nav>
        {site.socialLinks.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-white">Follow us</h2>
            <ul className="mt-3 flex gap-3">
              {site.socialLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.label}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-brand-600 hover:text-white"
                  >
                    <SocialIcon kind={link.kind} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {site.name}. Open source.
      </p>
    </footer>
  );
}
