import { HONEYPOT_FIELD } from "#shared/form-post.ts";

/** The honeypot (ADR 41): hidden from people and out of the tab order, so only a form-filling bot fills it. */
export function Honeypot() {
  return (
    <div hidden aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
