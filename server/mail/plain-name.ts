const MAX_CHARS = 100;
/** A tag, or what is left of one: none of it is a name. */
const MARKUP = /<[^>]*>?|[<>]/g;
/** A token a mail client would make a link of: a scheme, `www.`, or a dot between a name and a top-level domain. */
const LINK_LIKE = /:\/\/|^www\.|^mailto:|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/**
 * A name a visitor typed (an applicant's, an account's), as a mail may say it: without markup, without anything a mail
 * client would turn into a link (`Mallory https://evil.test` is `Mallory`), control or direction characters, on one
 * line. What is left is plain text; empty when nothing was a name, so the caller greets without one.
 */
export function plainName(name: string | null | undefined): string {
  const words = (name ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(MARKUP, " ")
    .split(/\s+/)
    .filter((word) => word !== "" && !LINK_LIKE.test(word));
  return Array.from(words.join(" ")).slice(0, MAX_CHARS).join("").trim();
}

/** `Hello Asha,`, or `Hello,` when the name was nothing but markup and links. */
export const greeting = (name: string | null | undefined) => {
  const plain = plainName(name);
  return plain ? `Hello ${plain},` : "Hello,";
};
