/**
 * A phone number as people type it ("+44 (0)7700 900123", "080-4567 8901") as a dialler takes it: its digits, after a
 * "+" when it starts with one. In the international form a "(0)" is the trunk prefix, dialled only from inside the
 * country, so it is left out: kept, "+44 (0)7700 900123" dialled +4407700900123, which reaches nobody.
 */
export function dialledNumber(typed: string): string {
  const international = typed.trim().startsWith("+");
  const digits = (international ? typed.replace(/\(\s*0\s*\)/, "") : typed).replace(/\D/g, "");
  return international ? `+${digits}` : digits;
}

/** A `tel:` link's address for a number as typed. */
export const telHref = (typed: string) => `tel:${dialledNumber(typed)}`;
