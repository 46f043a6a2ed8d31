import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { CONTACT_FORM_ERRORS, CONTACT_LIMITS, type ContactField } from "#shared/contact.ts";
import { Honeypot } from "#app/components/honeypot.tsx";
import { Toast } from "#app/components/toast.tsx";
import { api } from "#app/lib/api-client.ts";
import { useTypedBeforeHydration } from "#app/hooks/use-typed-before-hydration.ts";

type Values = Record<ContactField, string>;
type Popup = { message: string; tone: "success" | "error" };

const EMPTY: Values = { name: "", email: "", phoneNumber: "", subject: "", message: "" };
const FIELD_ORDER: ContactField[] = ["name", "email", "phoneNumber", "subject", "message"];
const inputId = (name: ContactField) => `contact-${name}`;
const INPUT_IDS = Object.fromEntries(FIELD_ORDER.map((name) => [name, inputId(name)])) as Record<ContactField, string>;

// Spec §8, verbatim.
export const CONTACT_SUCCESS = "Email sent successfully";
export const CONTACT_FAILED = "Failed to send email. Please try again.";
export const CONTACT_NETWORK_ERROR = "Error sending email. Please try again.";

/**
 * The Contact Us form (spec §4/§5). The browser checks required fields, the email type and lengths; the
 * server checks everything again with the shared schema and its per-field reasons are shown beside each field.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [popup, setPopup] = useState<Popup | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Back from a post sent without JavaScript (POST /contact): the outcome is in the address.
  const [searchParams] = useSearchParams();
  const sentWithoutScript = searchParams.get("sent") === "1";
  const refusedWithoutScript = CONTACT_FORM_ERRORS[searchParams.get("error") as keyof typeof CONTACT_FORM_ERRORS];

  // The proof of work (ADR 41) is solved while the visitor writes.
  useEffect(() => api.prepareChallenge(), []);
  useTypedBeforeHydration(INPUT_IDS, (typed) => setValues((current) => ({ ...current, ...typed })));

  const show = (message: string, tone: Popup["tone"]) => setPopup({ message, tone });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    setNotice(null);
    const result = await api.sendContactMessage(values);
    setSubmitting(false);
    if (result.ok) {
      setValues(EMPTY);
      show(CONTACT_SUCCESS, "success");
      return;
    }
    show(result.kind === "network" ? CONTACT_NETWORK_ERROR : CONTACT_FAILED, "error");
    const fields: Partial<Record<ContactField, string>> = {};
    for (const name of FIELD_ORDER) if (result.fields?.[name]) fields[name] = result.fields[name];
    setErrors(fields);
    const first = FIELD_ORDER.find((name) => fields[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else setNotice(result.message);
  }

  const field = (name: ContactField) => ({
    name,
    id: inputId(name),
    value: values[name],
    maxLength: CONTACT_LIMITS[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    className: `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none ${
      errors[name] ? "border-red-600" : "border-slate-300"
    }`,
  });

  const label = (name: ContactField, text: string, required: boolean) => (
    <label htmlFor={inputId(name)} className="block text-sm font-medium text-slate-800">
      {text}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600"> (optional)</span>
      )}
    </label>
  );

  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      {/* Without JavaScript the browser posts the form itself to /contact (ADR 41); with it, submit() sends JSON. */}
      <form
        ref={formRef}
        id="contact-form"
        method="post"
        action="/contact"
        onSubmit={submit}
        aria-label="Contact us"
        className="space-y-5"
      >
        {sentWithoutScript ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">
            {CONTACT_SUCCESS}
          </p>
        ) : refusedWithoutScript ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusedWithoutScript}
          </p>
        ) : null}
        <Honeypot />
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            {label("name", "Name", true)}
            <input type="text" autoComplete="name" required {...field("name")} />
            {error("name")}
          </div>
          <div>
            {label("email", "Email", true)}
            <input type="email" autoComplete="email" required {...field("email")} />
            {error("email")}
          </div>
          <div>
            {label("phoneNumber", "Phone number", false)}
            <input type="tel" autoComplete="tel" {...field("phoneNumber")} />
            {error("phoneNumber")}
          </div>
          <div>
            {label("subject", "Subject", false)}
            <input type="text" {...field("subject")} />
            {error("subject")}
          </div>
        </div>
        <div>
          {label("message", "Message", true)}
          <textarea rows={6} required {...field("message")} />
          {error("message")}
        </div>
        {notice ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {notice}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{" "}
          Required. We reply within 2-3 working days.
        </p>
        <button
          type="submit"
          disabled={submitting}
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-50"
        >
          {submitting ? "Submitting..." : "Send Message"}
        </button>
      </form>
      <Toast message={popup?.message ?? null} tone={popup?.tone} onDismiss={() => setPopup(null)} />
    </>
  );
}
