/** Browser calls to the admin API: ok, or the server's message. */
export type AdminApiResult = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

export const postAdminDecision = (jobId: string, action: string, reason: string) =>
  postAdmin(`/api/admin/jobs/${encodeURIComponent(jobId)}/${action}`, reason);

export const postAccountAction = (userId: string, action: "suspend" | "lift-suspension", reason: string) =>
  postAdmin(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, reason);

async function postAdmin(path: string, reason: string): Promise<AdminApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason }),
    });
  } catch {
    return { ok: false, message: "Could not reach the server. Check your connection and try again." };
  }
  if (response.ok) return { ok: true };
  const payload: unknown = await response.json().catch(() => null);
  const error =
    payload && typeof payload === "object" && "error" in payload
      ? (payload.error as { message?: string; fields?: Record<string, string> })
      : undefined;
  return {
    ok: false,
    message: error?.message ?? "Something went wrong on our side. Please try again.",
    fields: error?.fields,
  };
}
