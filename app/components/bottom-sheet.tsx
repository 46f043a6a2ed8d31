import { useId, useRef, type ReactNode } from "react";
import { SheetHeader } from "#app/components/sheet-header.tsx";
import { useFocusTrap } from "#app/hooks/use-focus-trap.ts";
import type { SheetState } from "#app/hooks/use-sheet.ts";

type Props = { state: SheetState; onClose: () => void; title: string; children: ReactNode };

/** A modal panel that slides up from the bottom; closes by its button, a backdrop tap or Escape. */
export function BottomSheet({ state, onClose, title, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, state === "open", onClose);
  if (state === "closed") return null;
  const closing = state === "closing";
  return (
    <div className="fixed inset-0 z-50">
      <div
        aria-hidden="true"
        data-testid="sheet-backdrop"
        onClick={onClose}
        className={`absolute inset-0 bg-slate-900/50 transition-opacity duration-300 ${closing ? "opacity-0" : "animate-[fade-in_300ms_ease-out]"}`}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`absolute inset-x-0 bottom-0 max-h-[85vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl transition-transform duration-300 ${closing ? "translate-y-full" : "animate-[sheet-up_300ms_ease-out]"}`}
      >
        <SheetHeader
          titleId={titleId}
          title={title}
          closeLabel="Close"
          onClose={onClose}
          className="mb-4"
          closeClassName="focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        {children}
      </div>
    </div>
  );
}
