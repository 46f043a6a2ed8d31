import type { ReactNode } from "react";

type AdminCardsProps<T> = {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** What the screen says when there is nothing to list. */
  empty: string;
  children: (item: T) => ReactNode;
};

/** An admin screen's list: one card per item, or one card saying there is none. */
export function AdminCards<T extends { id: string }>({ items, label, empty, children }: AdminCardsProps<T>) {
  if (items.length === 0) {
    return <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{empty}</p>;
  }
  return (
    <ul aria-label={label} className="mt-6 space-y-3">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
