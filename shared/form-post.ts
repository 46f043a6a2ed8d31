/**
 * The honeypot of the forms a browser may post without JavaScript (ADR 41): a field people never see and
 * form-filling bots fill. A post with it filled is answered like a success and stored nowhere.
 */
export const HONEYPOT_FIELD = "website";
