/** Spec §8: the alert shown when the browser has no Web Share API. */
export const SHARE_UNSUPPORTED = "Web Share API is not supported in your browser.";

/**
 * Shares a job with the Web Share API (title, text and url, spec §7). Resolves to an error message for
 * the user, or null when it was shared or the user cancelled (a cancelled share is ignored).
 */
export async function shareJob(data: { title: string; text: string; url: string }): Promise<string | null> {
  if (typeof navigator.share !== "function") {
    window.alert(SHARE_UNSUPPORTED);
    return null;
  }
  try {
    await navigator.share(data);
    return null;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    console.error("Error sharing job", error);
    return "Could not share this job. You can copy the address from your browser instead.";
  }
}
