import type { InputHTMLAttributes, ReactNode } from "react";
import { CURRENCY_CODES, CURRENCY_NAMES } from "#shared/currencies.ts";

/** The post and update forms' controls and their layout. The form's state stays in job-form.tsx. */

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 focus:outline-2 focus:outline-brand-500";

/** What the form gives each control: its name, value and validity, and where its hint and message are. */
export type ControlProps = {
  id: string;
  name: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
};

/**
 * Draws a control. The form calls it as a function, not as a component, so it can be made once here at module level
 * and a control is never remounted (and never loses focus) when the form renders again.
 */
export type Control = (props: ControlProps) => ReactNode;

/** What every control takes from the form the same way: the props that tie it to its label, value and messages. */
const bound = (props: ControlProps) => ({
  id: props.id,
  name: props.name,
  value: props.value,
  "aria-invalid": props.invalid,
  "aria-describedby": props.describedBy,
  onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
  className: inputClass,
});

type InputExtras = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "min" | "step" | "inputMode" | "placeholder" | "autoComplete"
>;

export const text =
  (type = "text", extra: InputExtras = {}): Control =>
  (props) => <input type={type} {...bound(props)} {...extra} />;

export const area =
  (rows = 4): Control =>
  (props) => <textarea rows={rows} {...bound(props)} />;

/** A native select; `blank` offers "Choose…" first (a required choice not yet made). */
export const choice =
  <T extends string>(options: readonly T[], { labelOf = (option: T): string => option, blank = true } = {}): Control =>
  (props) => (
    <select {...bound(props)}>
      {blank ? <option value="">Choose…</option> : null}
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </select>
  );

/** Every currency a salary can be in, by code: a native select jumps to "USD" as the user types it. */
export const currencyChoice = choice(CURRENCY_CODES, {
  labelOf: (code) => `${code} – ${CURRENCY_NAMES[code]}`,
  blank: false,
});

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-2 text-lg font-semibold">{title}</legend>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  liveError?: boolean;
  children: ReactNode;
};

export function Field({ id, label, error, hint, liveError, children }: FieldProps) {
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} aria-live={liveError ? "polite" : undefined} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
