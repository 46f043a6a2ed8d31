import { Link } from "react-router";
import { MAIN_NAV, MORE_US_NAV, SOCIAL_LINKS } from "~/lib/site";
import { SocialIcon } from "./social-icon";

const linkClass = "text-sm text-slate-300 hover:text-white hover:underline";

export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/images/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
            Job Board
          </Link>
          <p className="mt-3 text-sm text-slate-300">Free job listings for employers, tech and non-tech jobs for everyone.</p>
        </div>
        <nav aria-label="Jobs">
          <h2 className="text-sm font-semibold text-white">Jobs</h2>
          <ul className="mt-3 space-y-2">
            {MAIN_NAV.map((item) => (
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
        <div>
          <h2 className="text-sm font-semibold text-white">Follow us</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map((link) => (
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
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Job Board. Open source.
      </p>
    </footer>
  );
}
