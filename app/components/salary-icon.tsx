import { Banknote, IndianRupee } from "#app/components/icons.tsx";
import { DEFAULT_CURRENCY } from "#shared/currencies.ts";

/** Spec: a rupee icon beside the salary. Other currencies print their own symbol, so a plain banknote stands there. */
export function SalaryIcon({ currency, className }: { currency: string; className: string }) {
  return currency === DEFAULT_CURRENCY ? (
    <IndianRupee aria-hidden="true" className={className} />
  ) : (
    <Banknote aria-hidden="true" className={className} />
  );
}
