import type { z } from "zod";
import {
  authTokenAnswerSchema,
  companySchema,
  deleteJobAnswerSchema,
  okAnswerSchema,
  postJobAnswerSchema,
  twoFactorEnrolmentSchema,
  updateJobAnswerSchema,
} from "#shared/api.ts";
import type { alertSubscriptionSchema } from "#shared/alerts.ts";
import { applicationChangedSchema, type applicationChangeSchema } from "#shared/applications.ts";
import { powChallengeAnswerSchema } from "#shared/challenge.ts";
import type { companyEditSchema } from "#shared/companies.ts";
import type { ContactMessageInput } from "#shared/contact.ts";
import { errorBodySchema, type ErrorCode, type FieldErrors } from "#shared/errors.ts";
import type { JobFormValues } from "#shared/job.ts";
import { listingStatusAnswerSchema, type jobReportSchema, type ModerationAction } from "#shared/moderation.ts";
import { renewedSchema } from "#shared/stats.ts";
import { solvePow } from "#app/lib/pow.ts";

/** The one message for a call that got no answer at all. */
export const NETWORK_FAILURE = "Could not reach the server. Check your connection and try again.";
/** When the challenge could not be solved in this browser (it should not happen: the server made it solvable). */
export const CHALLENGE_UNSOLVED = "Your browser could not finish a check. Reload the page and try again.";

/** A challenge solved ahead is used only while it has at least this long left, so it cannot expire on the way. */
const CHALLENGE_MARGIN_MS = 60_000;

/** For an answer that is neither the one error shape nor what the call expects (a proxy's error page, say). */
export const UNREADABLE_ANSWER = "Something went wrong on our side. Please try again.";

/**
 * Why a call failed, and the message to show for it:
 * - `refused`: the server answered in the one error shape; `message` is its own, as sent, with `fields` for a form;
 * - `network`: no answer came (offline, connection refused), with the one network message;
 * - `unreadable`: an answer came in no shape the call knows. better-auth's own errors come this way, so its pages
 *   word them by `status`.
 */
export type ApiFailure =
  | { ok: false; kind: "refused"; status: number; code: ErrorCode; message: string; fields?: FieldErrors }
  | { ok: false; kind: "network" | "unreadable"; status: number; message: string; fields?: undefined };

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type Options = { body?: unknown; headers?: Record<string, string> };

const unreadable = (status: number): ApiFailure => ({
  ok: false,
  kind: "unreadable",
  status,
  message: UNREADABLE_ANSWER,
});

async function failureOf(response: Response): Promise<ApiFailure> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return unreadable(response.status);
  const { code, message, fields } = parsed.data.error;
  return { ok: false, kind: "refused", status: response.status, code, message, ...(fields ? { fields } : {}) };
}

/**
 * The browser's one way to the JSON API and to better-auth's endpoints its pages call without better-auth's client.
 * Every call answers an `ApiResult` and never throws. `origin` is for tests in Node; pages use `api`, on their own origin.
 */
export function createApiClient(origin = "") {
  const resolve = (path: string) => (origin ? new URL(path, origin).href : path);

  async function send(method: Method, path: string, { body, headers }: Options): Promise<ApiResult<Response>> {
    try {
      const response = await fetch(resolve(path), {
        method,
        credentials: "same-origin",
        headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { ok: true, data: response };
    } catch {
      return { ok: false, kind: "network", status: 0, message: NETWORK_FAILURE };
    }
  }

  /** A call whose answer is read with `schema`. */
  async function read<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    options: Options = {},
  ): Promise<ApiResult<z.output<S>>> {
    const sent = await send(method, path, options);
    if (!sent.ok) return sent;
    const response = sent.data;
    if (!response.ok) return failureOf(response);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    return parsed.success ? { ok: true, data: parsed.data } : unreadable(response.status);
  }

  /** A call whose success is its status alone: the answer's body is not read. */
  async function call(method: Method, path: string, options: Options = {}): Promise<ApiResult<void>> {
    const sent = await send(method, path, options);
    if (!sent.ok) return sent;
    return sent.data.ok ? { ok: true, data: undefined } : failureOf(sent.data);
  }

  type Solved = { headers: Record<string, string>; expiresAt: number };

  /** A fresh challenge from the board, solved off the page's thread; no header when the board has them off. */
  async function solveChallenge(): Promise<ApiResult<Solved>> {
    const issued = await read("GET", "/api/challenge", powChallengeAnswerSchema);
    if (!issued.ok) return issued;
    if (!issued.data) return { ok: true, data: { headers: {}, expiresAt: Number.POSITIVE_INFINITY } };
    const solution = await solvePow(issued.data);
    if (!solution) return { ok: false, kind: "unreadable", status: 0, message: CHALLENGE_UNSOLVED };
    return { ok: true, data: { headers: { "x-altcha": solution }, expiresAt: Date.parse(issued.data.expiresAt) } };
  }

  let prepared: Promise<ApiResult<Solved>> | null = null;

  /**
   * The X-Altcha header for one form post (ADR 41): the challenge solved ahead by `prepareChallenge` when it is still
   * good, a fresh one otherwise. Each solution is good for one post, so the one taken here is never handed out again.
   */
  async function challengeHeaders(): Promise<ApiResult<Record<string, string>>> {
    const ahead = prepared ? await prepared : null;
    prepared = null;
    const solved =
      ahead?.ok && ahead.data.expiresAt - Date.now() > CHALLENGE_MARGIN_MS ? ahead : await solveChallenge();
    return solved.ok ? { ok: true, data: solved.data.headers } : solved;
  }

  /** A post to a form that wants a solved challenge: the challenge first, then the post with its solution. */
  async function readWithChallenge<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    options: Options,
  ): Promise<ApiResult<z.output<S>>> {
    const headers = await challengeHeaders();
    if (!headers.ok) return headers;
    return read(method, path, schema, { ...options, headers: { ...options.headers, ...headers.data } });
  }

  return {
    /**
     * Starts solving the next post's challenge in the background, so the post itself does not wait for it: forms that
     * want one call this when they open.
     */
    prepareChallenge(): void {
      prepared ??= solveChallenge();
    },
    challengeHeaders,
    postJob: (job: JobFormValues) => readWithChallenge("POST", "/api/post-job", postJobAnswerSchema, { body: job }),
    updateJob: (id: string, job: JobFormValues) =>
      read("PATCH", `/api/update-job/${encodeURIComponent(id)}`, updateJobAnswerSchema, { body: job }),
    updateCompany: (slug: string, company: z.input<typeof companyEditSchema>) =>
      read("PATCH", `/api/companies/${encodeURIComponent(slug)}`, companySchema, { body: company }),
    deleteCompany: (slug: string) => read("DELETE", `/api/companies/${encodeURIComponent(slug)}`, okAnswerSchema),
    deleteJob: (id: string) => read("DELETE", `/api/job/${encodeURIComponent(id)}`, deleteJobAnswerSchema),
    renewJob: (id: string) => read("POST", `/api/jobs/${encodeURIComponent(id)}/renew`, renewedSchema),
    closeJob: (id: string) => read("POST", `/api/jobs/${encodeURIComponent(id)}/close`, listingStatusAnswerSchema),
    reopenJob: (id: string) => read("POST", `/api/jobs/${encodeURIComponent(id)}/reopen`, listingStatusAnswerSchema),
    reportJob: (id: string, report: z.input<typeof jobReportSchema>) =>
      readWithChallenge("POST", `/api/jobs/${encodeURIComponent(id)}/report`, okAnswerSchema, { body: report }),
    subscribeToAlert: (subscription: z.input<typeof alertSubscriptionSchema>) =>
      readWithChallenge("POST", "/api/alerts", okAnswerSchema, { body: subscription }),
    /** Spec §7: success is the HTTP ok flag; the body is not read. */
    async sendContactMessage(message: ContactMessageInput): Promise<ApiResult<void>> {
      const headers = await challengeHeaders();
      if (!headers.ok) return headers;
      return call("POST", "/api/sendEmail", { body: message, headers: headers.data });
    },

    changeApplication: (id: string, change: z.input<typeof applicationChangeSchema>) =>
      read("PATCH", `/api/applications/${encodeURIComponent(id)}`, applicationChangedSchema, { body: change }),

    decideOnListing: (id: string, action: ModerationAction, reason: string) =>
      call("POST", `/api/admin/jobs/${encodeURIComponent(id)}/${action}`, { body: { reason } }),
    suspendAccount: (userId: string, reason: string) =>
      call("POST", `/api/admin/users/${encodeURIComponent(userId)}/suspend`, { body: { reason } }),
    setCompanyVerification: (slug: string, verified: boolean | null) =>
      call("POST", `/api/admin/companies/${encodeURIComponent(slug)}/verification`, { body: { verified } }),
    mergeCompanies: (from: string, into: string) =>
      call("POST", "/api/admin/companies/merge", { body: { from, into } }),
    liftSuspension: (userId: string, reason: string) =>
      call("POST", `/api/admin/users/${encodeURIComponent(userId)}/lift-suspension`, { body: { reason } }),

    // better-auth's endpoints, called here rather than through its client, whose code every page would then load.
    signOut: () => call("POST", "/api/auth/sign-out", { body: {} }),
    resendVerificationMail: (email: string, callbackURL: string) =>
      call("POST", "/api/auth/send-verification-email", { body: { email, callbackURL } }),
    requestPasswordReset: (email: string, redirectTo: string) =>
      call("POST", "/api/auth/request-password-reset", { body: { email, redirectTo } }),
    resetPassword: (newPassword: string, token: string) =>
      call("POST", "/api/auth/reset-password", { body: { newPassword, token } }),
    /** Starts a TOTP enrolment: the otpauth URI and the recovery codes, which count once a first code confirms them. */
    startTwoFactor: (password: string) =>
      read("POST", "/api/auth/two-factor/enable", twoFactorEnrolmentSchema, {
        body: password ? { password } : {},
      }),
    disableTwoFactor: (password: string) =>
      call("POST", "/api/auth/two-factor/disable", { body: password ? { password } : {} }),
    /** Confirms an enrolment, or finishes a sign-in's second step, with the authenticator's current code. */
    verifyTotp: (code: string) => call("POST", "/api/auth/two-factor/verify-totp", { body: { code } }),
    /** A sign-in's second step with one of the recovery codes, each good once. */
    verifyRecoveryCode: (code: string) => call("POST", "/api/auth/two-factor/verify-backup-code", { body: { code } }),

    /**
     * Spec §7 token sync: when the operator set a token-sync URL (same origin, checked at boot), a sign-in POSTs a
     * short-lived signed token to it as a Bearer token and a sign-out sends a DELETE with none. Failures are only
     * logged: the sign-in or sign-out has happened and a side service must not undo it.
     */
    async syncSignIn(url: string | null): Promise<void> {
      if (!url) return;
      const issued = await read("GET", "/api/auth/token", authTokenAnswerSchema);
      const sent = issued.ok
        ? await call("POST", url, { headers: { Authorization: `Bearer ${issued.data.token}` } })
        : issued;
      if (!sent.ok) console.error("Token sync after sign-in failed", sent);
    },
    async syncSignOut(url: string | null): Promise<void> {
      if (!url) return;
      const sent = await call("DELETE", url);
      if (!sent.ok) console.error("Token sync after sign-out failed", sent);
    },
  };
}

export const api = createApiClient();
