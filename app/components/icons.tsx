/**
 * The board's icons: Lucide's drawings, each rendered as one <svg> element holding its drawing as markup. Lucide's own
 * components build an element for every path on every render, and a home page draws about 80 icons: they were a
 * fifth of its server rendering time (home page TTFB 20.9 → 16.8 ms with them gone, ADR 27). The markup is the
 * same as Lucide's (tests/unit/icons.test.tsx compares every icon), so pages look and read the same.
 */
import { escapeHtml } from "#shared/html.ts";
import type { ReactElement, SVGProps } from "react";
import * as alertTriangle from "lucide-react/icons/triangle-exclamation-point";
import * as arrowLeft from "lucide-react/icons/arrow-left";
import * as arrowRight from "lucide-react/icons/arrow-right";
import * as arrowUp from "lucide-react/icons/arrow-up";
import * as badgeCheck from "lucide-react/icons/badge-check";
import * as ban from "lucide-react/icons/ban";
import * as banknote from "lucide-react/icons/banknote";
import * as bell from "lucide-react/icons/bell";
import * as bellRing from "lucide-react/icons/bell-ring";
import * as briefcase from "lucide-react/icons/briefcase";
import * as briefcaseBusiness from "lucide-react/icons/briefcase-business";
import * as building2 from "lucide-react/icons/building-complex";
import * as calendarClock from "lucide-react/icons/calendar-clock";
import * as calendarDays from "lucide-react/icons/calendar-days";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as chevronLeft from "lucide-react/icons/chevron-left";
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as circleDollarSign from "lucide-react/icons/circle-dollar-sign";
import * as clock from "lucide-react/icons/clock";
import * as dollarSign from "lucide-react/icons/dollar-sign";
import * as externalLink from "lucide-react/icons/external-link";
import * as eye from "lucide-react/icons/eye";
import * as flag from "lucide-react/icons/flag";
import * as globe from "lucide-react/icons/globe";
import * as graduationCap from "lucide-react/icons/graduation-cap";
import * as handshake from "lucide-react/icons/handshake";
import * as heart from "lucide-react/icons/heart";
import * as heartHandshake from "lucide-react/icons/heart-handshake";
import * as indianRupee from "lucide-react/icons/indian-rupee";
import * as info from "lucide-react/icons/info";
import * as languages from "lucide-react/icons/languages";
import * as lightbulb from "lucide-react/icons/lightbulb";
import * as listChecks from "lucide-react/icons/list-checks";
import * as loader2 from "lucide-react/icons/loader-circle";
import * as logIn from "lucide-react/icons/log-in";
import * as mail from "lucide-react/icons/mail";
import * as mailWarning from "lucide-react/icons/mail-exclamation-point";
import * as mapPin from "lucide-react/icons/map-pin";
import * as menu from "lucide-react/icons/menu";
import * as messageCircle from "lucide-react/icons/message-circle";
import * as messageSquareText from "lucide-react/icons/message-square-text";
import * as pencilLine from "lucide-react/icons/pencil-line";
import * as phone from "lucide-react/icons/phone";
import * as phoneCall from "lucide-react/icons/phone-call";
import * as scale from "lucide-react/icons/scale";
import * as search from "lucide-react/icons/search";
import * as searchX from "lucide-react/icons/search-x";
import * as send from "lucide-react/icons/send";
import * as share2 from "lucide-react/icons/share-2";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as slidersHorizontal from "lucide-react/icons/sliders-horizontal";
import * as target from "lucide-react/icons/target";
import * as timerOff from "lucide-react/icons/timer-off";
import * as userRound from "lucide-react/icons/user-round";
import * as users from "lucide-react/icons/users";
import * as wallet from "lucide-react/icons/wallet";
import * as x from "lucide-react/icons/x";

/** A Lucide drawing: the icon's name, its other names, and its elements (tag, attributes, children). */
type Drawing = { name: string; aliases?: string[]; size?: number; node: DrawingNode[] };
type DrawingNode = [tag: string, attributes: Record<string, string | number>, children?: DrawingNode[]];

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML" | "ref"> & {
  size?: number | string;
};
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName?: string };

function markupOf(nodes: DrawingNode[]): string {
  return nodes
    .map(([tag, { key: _key, ...attributes }, children = []]) => {
      const written = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`);
      return `<${tag}${written.join("")}>${markupOf(children)}</${tag}>`;
    })
    .join("");
}

/** Lucide's icon modules export their drawing as `__iconData` (not in their types). */
function drawingIn(module: unknown): Drawing {
  const drawing = (module as { __iconData?: Drawing }).__iconData;
  if (!drawing)
    throw new Error("A lucide-react icon module no longer exports __iconData: app/components/icons.tsx needs updating");
  return drawing;
}

function drawn(module: unknown): IconComponent {
  const drawing = drawingIn(module);
  const markup = { __html: markupOf(drawing.node) };
  const classes = [
    "lucide",
    `lucide-${drawing.name}`,
    ...(drawing.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(" ");
  const viewBox = `0 0 ${drawing.size ?? 24} ${drawing.size ?? 24}`;
  function Icon({ size = 24, className, ...rest }: IconProps) {
    // As Lucide does: decorative (hidden from assistive technology) unless given a label or a role.
    const labelled = Object.keys(rest).some((name) => name.startsWith("aria-") || name === "role" || name === "title");
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox={viewBox}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className?.trim() ? `${classes} ${className}`.trim() : classes}
        aria-hidden={labelled ? undefined : "true"}
        {...rest}
        dangerouslySetInnerHTML={markup}
      />
    );
  }
  Icon.displayName = drawing.name;
  return Icon;
}

export const AlertTriangle = drawn(alertTriangle);
export const ArrowLeft = drawn(arrowLeft);
export const ArrowRight = drawn(arrowRight);
export const ArrowUp = drawn(arrowUp);
export const BadgeCheck = drawn(badgeCheck);
export const Ban = drawn(ban);
export const Banknote = drawn(banknote);
export const Bell = drawn(bell);
export const BellRing = drawn(bellRing);
export const Briefcase = drawn(briefcase);
export const BriefcaseBusiness = drawn(briefcaseBusiness);
export const Building2 = drawn(building2);
export const CalendarClock = drawn(calendarClock);
export const CalendarDays = drawn(calendarDays);
export const ChevronDown = drawn(chevronDown);
export const ChevronLeft = drawn(chevronLeft);
export const ChevronRight = drawn(chevronRight);
export const CircleDollarSign = drawn(circleDollarSign);
export const Clock = drawn(clock);
export const DollarSign = drawn(dollarSign);
export const ExternalLink = drawn(externalLink);
export const Eye = drawn(eye);
export const Flag = drawn(flag);
export const Globe = drawn(globe);
export const GraduationCap = drawn(graduationCap);
export const Handshake = drawn(handshake);
export const Heart = drawn(heart);
export const HeartHandshake = drawn(heartHandshake);
export const IndianRupee = drawn(indianRupee);
export const Info = drawn(info);
export const Languages = drawn(languages);
export const Lightbulb = drawn(lightbulb);
export const ListChecks = drawn(listChecks);
export const Loader2 = drawn(loader2);
export const LogIn = drawn(logIn);
export const Mail = drawn(mail);
export const MailWarning = drawn(mailWarning);
export const MapPin = drawn(mapPin);
export const Menu = drawn(menu);
export const MessageCircle = drawn(messageCircle);
export const MessageSquareText = drawn(messageSquareText);
export const PencilLine = drawn(pencilLine);
export const Phone = drawn(phone);
export const PhoneCall = drawn(phoneCall);
export const Scale = drawn(scale);
export const Search = drawn(search);
export const SearchX = drawn(searchX);
export const Send = drawn(send);
export const Share2 = drawn(share2);
export const ShieldCheck = drawn(shieldCheck);
export const SlidersHorizontal = drawn(slidersHorizontal);
export const Target = drawn(target);
export const TimerOff = drawn(timerOff);
export const UserRound = drawn(userRound);
export const Users = drawn(users);
export const Wallet = drawn(wallet);
export const X = drawn(x);
