import { CV_TYPES, cvKindOf, type CvKind } from "#shared/applications.ts";

const FALLBACK_BASE = "cv";
const BASE_MAX_CHARS = 100;
/** A trailing `.pdf`, `.exe`, `.html`, `.hta`…: what a saved file's type is taken from, so none of the applicant's stays. */
const TRAILING_EXTENSION = /\.[A-Za-z0-9]{1,5}$/;

/**
 * The name a CV is stored and downloaded under: the applicant's own name for it, without any folder, control or
 * direction character, quote or reserved sign, without its extensions (`resume.pdf.exe` is `resume`), then the
 * extension of the type its bytes are. The bytes decide what opens the file, so the name must say the same.
 */
export function cvFileName(given: string | null | undefined, kind: CvKind | null): string {
  let base = (given ?? "").normalize("NFC");
  base = base.split(/[/\\]/).at(-1) ?? "";
  base = base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "");
  base = base.replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, "_");
  base = base.replace(/\s+/g, " ").replace(/_+/g, "_");
  const trim = (text: string) => text.replace(/^[\s._-]+|[\s._-]+$/g, "");
  base = trim(base);
  while (TRAILING_EXTENSION.test(base)) base = trim(base.replace(TRAILING_EXTENSION, ""));
  base = trim(Array.from(base).slice(0, BASE_MAX_CHARS).join(""));
  return `${base || FALLBACK_BASE}.${kind ?? "bin"}`;
}

/** The kind a stored content type stands for (a row's, set from the bytes when it was stored). */
export function cvKindOfType(contentType: string | null | undefined): CvKind | null {
  const found = Object.entries(CV_TYPES).find(([, type]) => type === contentType);
  return found ? (found[0] as CvKind) : null;
}

/** RFC 5987's attr-char: what may stand unescaped in `filename*`. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A download's Content-Disposition: always an attachment; `filename` in ASCII (accents dropped, anything else `_`) for
 * old clients, `filename*` in UTF-8 for the rest. The name is one `cvFileName` made, so it holds no quote or backslash.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/**
 * How a stored CV is served, whatever its row says: the type its bytes are (a row from before names followed the
 * type may say anything), and a name made for that type.
 */
export function servedCv(bytes: Uint8Array, storedName: string | null) {
  const kind = cvKindOf(bytes);
  return {
    fileName: cvFileName(storedName, kind),
    contentType: kind ? CV_TYPES[kind] : "application/octet-stream",
  };
}
