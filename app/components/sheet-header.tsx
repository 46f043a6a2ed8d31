import { X } from "#app/components/icons.tsx";

type SheetHeaderProps = {
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Added to the row's own classes (spacing). */
  className?: string;
  /** Added to the close button's own classes (when it shows, how it looks focused). */
  closeClassName?: string;
};

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(" ");

/** The top row of a slide-up sheet: its heading, which names the dialog, and its close button. */
export function SheetHeader({ titleId, title, closeLabel, onClose, className, closeClassName }: SheetHeaderProps) {
  return (
    <div className={classes(className, "flex items-center justify-between")}>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className={classes("rounded-full p-2 text-slate-600 hover:bg-slate-100", closeClassName)}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}
