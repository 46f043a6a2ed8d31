/** Spec §8: the alert shown when the browser has no Web Share API. */
export const SHARE_UNSUPPORTED = "Web Share API is not supported in your browser.";

export const LINK_COPIED = "Link copied. Paste it wherever you want to share this job.";

export type ShareOutcome = { tone: "info" | "error"; message: string } | null;

/**
 * Shares a job with the Web Share API (title, text and url, spec §7). Without it, after the spec's alert, the
 * link is copied to the clipboard (or shown, when the clipboard refuses) so the visitor can still share it.
 * Resolves to what to tell the user, or null when it was shared or the user cancelled (a cancelled share is ignored).
 */
export async function shareJob(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share !== "function") {
    window.alert(SHARE_UNSUPPORTED);
    try {
      await navigator.clipboard.writeText(data.url);
      return { tone: "info", message: LINK_COPIED };
    } catch {
      return { tone: "info", message: `Copy this link to share the job: ${data.url}` };
    }
  }
  try {
    await navigator.share(data);
    return null;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    console.error("Error sharing job", error);
    return { tone: "error", message: "Could not share this job. You can copy the address from your browser instead." };
  }
}
