import { useEffect, useRef } from "react";

type ToastProps = {
  message: string | null;
  /** Spec §9: toasts dismiss themselves after 1.5 s. */
  durationMs?: number;
  onDismiss: () => void;
  tone?: "success" | "error";
};

/** A non-blocking notice in a live region at the bottom of the screen (clear of the sticky header); errors are announced assertively. */
export function Toast({ message, durationMs = 1500, onDismiss, tone = "success" }: ToastProps) {
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => onDismissRef.current(), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);

  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {message ? (
        <p
          className={`pointer-events-auto rounded-lg px-4 py-3 font-medium shadow-lg ${
            tone === "error" ? "bg-red-700 text-white" : "bg-emerald-700 text-white"
          }`}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
