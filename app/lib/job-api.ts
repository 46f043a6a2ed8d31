/** Browser calls to the jobs API (spec §7): the answer's `acknowledged`, or a message a person can act on. */
export type JobApiResult =
  { ok: true; acknowledged: boolean } | { ok: false; status: number; message: string; fields?: Record<string, string> };

const STATUS_MESSAGES: Record<number, string> = {
  401: "Your session has ended. Please sign in again; what you typed is still here.",
  403: "Only the employer who posted this job can change it.",
  404: "This job no longer exists.",
  413: "That is too much text to send. Please shorten it.",
  429: "Too many requests. Please wait a minute and try again.",
};

export async function callJobApi(
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<JobApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "Could not reach the server. Check your connection and try again." };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const acknowledged = Boolean(
      payload && typeof payload === "object" && "acknowledged" in payload && payload.acknowledged === true,
    );
    return { ok: true, acknowledged };
  }
  const error =
    payload && typeof payload === "object" && "error" in payload
      ? (payload.error as { message?: string; fields?: Record<string, string> })
      : undefined;
  const message =
    response.status === 400
      ? (error?.message ?? "Some fields are not valid.")
      : (STATUS_MESSAGES[response.status] ?? error?.message ?? "Something went wrong on our side. Please try again.");
  return { ok: false, status: response.status, message, fields: error?.fields };
}
