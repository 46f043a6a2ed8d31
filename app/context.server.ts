import { createContext, data, redirect, RouterContextProvider } from "react-router";
import { ERROR_STATUS, type ErrorCode } from "#shared/errors.ts";
import type { FormRefusal } from "#shared/form-post.ts";
import type { SessionUser } from "#shared/session.ts";
import type { AppServices } from "#server/services.ts";

/**
 * The server's services (config, and one door per domain) for loaders and actions. Pages reach server code only
 * through this context, never by importing it, so the page build holds no second copy of any server module (ADR 0004).
 */
export const servicesContext = createContext<AppServices>();

/** This answer's Content-Security-Policy nonce, which entry.server puts on every inline script. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** A form posted without JavaScript that the server's form-post helper refused, for its page to show (ADR 41). */
const formRefusalContext = createContext<FormRefusal | undefined>(undefined);

export function createLoadContext(services: AppServices, nonce?: string, formRefusal?: FormRefusal) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(cspNonceContext, nonce);
  context.set(formRefusalContext, formRefusal);
  return context;
}

/**
 * The action of a page whose form the server takes without JavaScript (server/http/form-post.ts): the server read and
 * submitted the post before the page, and a refusal comes here to be shown on the form, with the refusal's status.
 * Anything else posted to the page (React Router's own data requests included) is not this page's to take.
 */
export function formRefusal(context: Readonly<RouterContextProvider>) {
  const refusal = context.get(formRefusalContext);
  if (!refusal) throw data("This page takes its form as a plain form post", { status: 405 });
  return data(refusal, { status: ERROR_STATUS[refusal.code] });
}

const sessionUsers = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user for this request. The root loader and a protected route's loader both ask; the
 * session is looked up once per request, not once per loader.
 */
export function getSessionUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | null> {
  let user = sessionUsers.get(request);
  if (!user) {
    user = context.get(servicesContext).sessions.getUser({ headers: request.headers });
    sessionUsers.set(request, user);
  }
  return user;
}

/** The signed-in user, or a redirect to /login that remembers where the visitor wanted to go. */
/** A page action's form fields; a body that is no form (a script's JSON, a cut-off upload) is a 400, never a 500. */
export async function readPageForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("This form could not be read. Send it again from the page.", { status: 400 });
  }
}

export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?from=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

type PageMessage = string | { status: number; message: string };

/**
 * A domain's refusal as the page's error boundary shows it: the status from the one code→status table and the
 * page's own words for it (a page may also answer a code with another status, e.g. a malformed id as a 404).
 * Anything that is not a domain refusal is returned as it is, to be thrown on as a 500.
 */
export function pageError(error: unknown, messages: Partial<Record<ErrorCode, PageMessage>> = {}): unknown {
  const refusal = refusalOf(error);
  if (!refusal) return error;
  const answer = messages[refusal.code] ?? refusal.message;
  return typeof answer === "string"
    ? data(answer, { status: refusal.status })
    : data(answer.message, { status: answer.status });
}

/**
 * A domain's refusal of a form a page posts to its own action, for the page to show beside the form with what was
 * typed (the status from the one code→status table); undefined for anything else, to be thrown on.
 */
export function refusalOf(
  error: unknown,
): { code: ErrorCode; status: number; message: string; fieldMessage?: string } | undefined {
  if (!(error instanceof Error) || error.name !== "DomainError" || !("code" in error)) return undefined;
  const code = error.code as ErrorCode;
  // What a form shows: the field at fault, where the domain said which ("Some fields are not valid" says nothing).
  const fields = "fields" in error && error.fields && typeof error.fields === "object" ? error.fields : {};
  const [fieldMessage] = Object.values(fields).filter((message): message is string => typeof message === "string");
  return { code, status: ERROR_STATUS[code], message: error.message, ...(fieldMessage ? { fieldMessage } : {}) };
}

/** Where an account turns two-step sign-in on or off, and where an admin without it is sent (ADMIN_REQUIRE_2FA). */
export const SECURITY_PATH = "/account/security";

/**
 * An admin screen's data, read from the moderation door with the viewer. The door answers NOT_FOUND to anyone but an
 * admin, and the screen's error boundary shows that as the same 404 as a page that does not exist (ADR 11). An admin
 * without a second factor (ADMIN_REQUIRE_2FA) is sent to set one up, and brought back here after.
 */
export async function loadForAdmin<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  read: (moderation: AppServices["moderation"], viewer: SessionUser | null) => Promise<T>,
): Promise<T> {
  const viewer = await getSessionUser(context, request);
  return read(context.get(servicesContext).moderation, viewer).catch((error: unknown) => {
    throw adminPageError(request, error);
  });
}

/**
 * What a page throws for a domain error where an admin may be reading: an admin without a second factor
 * (ADMIN_REQUIRE_2FA) is sent to set one up and brought back to `request`'s page after; the rest as pageError says.
 */
export function adminPageError(
  request: Request,
  error: unknown,
  messages: Partial<Record<ErrorCode, PageMessage>> = {},
): unknown {
  if (error instanceof Error && "code" in error && error.code === "SECOND_FACTOR_REQUIRED") {
    const url = new URL(request.url);
    return redirect(`${SECURITY_PATH}?from=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return pageError(error, messages);
}
