import { ChevronDown, Heart, Menu, X } from "#app/components/icons.tsx";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useRevalidator } from "react-router";
import { useFavourites } from "#app/lib/favourites.ts";
import { useRootData, useSite, useUser } from "#app/hooks/use-root-data.ts";
import { clearGeniusToken } from "#app/lib/genius-token.ts";
import { api } from "#app/lib/api-client.ts";
import { mainNav, MORE_US_NAV } from "#app/lib/site.ts";

const DEFAULT_AVATAR = "/images/default-avatar.svg";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${isActive ? "text-brand-700" : "text-slate-700"}`;

function FavouritesLink() {
  const count = useFavourites()?.length ?? 0;
  return (
    <Link
      to="/favourite"
      aria-label={count > 0 ? `Favourites (${count} saved)` : "Favourites"}
      className="relative rounded-full p-2 text-slate-700 hover:bg-brand-50 hover:text-red-600"
    >
      <Heart aria-hidden="true" className="h-6 w-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="favourites-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** The 'More us' dropdown: a disclosure button and a list of links; Escape or a click outside closes it. */
function MoreUsMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700"
      >
        More us
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-50 mt-1 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {MORE_US_NAV.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function useLogOut() {
  const { auth } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function logOut() {
    setBusy(true);
    setError(null);
    const result = await api.signOut();
    if (!result.ok) {
      // Spec: logout errors are logged; we also tell the user, since they are still signed in.
      console.error("Logout failed", result);
      setError(result.kind === "refused" ? result.message : "Could not log out. Check your connection and try again.");
      setBusy(false);
      return;
    }
    // Spec §3/§4: logout removes the stored token; only once the session has ended, so a failed sign-out leaves
    // the user signed in with their token, not signed in without it.
    clearGeniusToken();
    await api.syncSignOut(auth.tokenSyncUrl);
    await navigate("/login");
    // Moving to /login does not rerun the root loader, so refresh who is signed in explicitly.
    await revalidator.revalidate();
    setBusy(false);
  }

  return { logOut, error, busy };
}

function Account({ stacked = false }: { stacked?: boolean }) {
  const user = useUser();
  const { isAdmin } = useRootData();
  const { logOut, error, busy } = useLogOut();
  const [photoFailed, setPhotoFailed] = useState(false);

  if (!user) {
    return (
      <Link
        to="/login"
        className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
      >
        Sign In
      </Link>
    );
  }
  return (
    <div className={`flex items-center gap-3 ${stacked ? "flex-wrap" : ""}`}>
      <img
        src={user.image && !photoFailed ? user.image : DEFAULT_AVATAR}
        onError={() => setPhotoFailed(true)}
        alt={`${user.name || user.email}'s profile photo`}
        title={user.email}
        width={36}
        height={36}
        referrerPolicy="no-referrer"
        className="h-9 w-9 rounded-full border border-slate-200 object-cover"
      />
      {isAdmin ? (
        <NavLink to="/admin" className={navLinkClass}>
          Admin
        </NavLink>
      ) : null}
      <button
        type="button"
        onClick={logOut}
        disabled={busy}
        className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-60"
      >
        Log out
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Header({ jobSites = true }: { jobSites?: boolean }) {
  const site = useSite();
  const nav = mainNav({ jobSites });
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/images/logo.svg" alt="" width={36} height={36} className="h-9 w-9" />
          {site.name}
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
          <MoreUsMenu />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <FavouritesLink />
          <div className="hidden lg:block">
            <Account />
          </div>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((value) => !value)}
            className="rounded-md p-2 text-slate-700 hover:bg-brand-50 lg:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 py-3 lg:hidden"
      >
        <ul className="flex flex-col gap-1">
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={navLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">More us</p>
        <ul className="flex flex-col gap-1">
          {MORE_US_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={navLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 px-3 pt-3">
          <Account stacked />
        </div>
      </nav>
    </header>
  );
}
