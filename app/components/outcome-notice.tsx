import { useEffect, useRef, useState, type RefObject } from "react";

export type Outcome = { tone: "status" | "alert"; message: string };

/**
 * What an owner's action on a listing's page came to (renewed, reopened, or why not). It takes focus when it appears,
 * as the button that was pressed is often gone by then.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  return { outcome, setOutcome, outcomeRef };
}

export function OutcomeNotice({
  outcome,
  outcomeRef,
  className = "",
}: {
  outcome: Outcome;
  outcomeRef: RefObject<HTMLParagraphElement | null>;
  className?: string;
}) {
  return (
    <p
      ref={outcomeRef}
      tabIndex={-1}
      role={outcome.tone}
      className={`rounded-lg border p-4 focus:outline-none ${outcome.tone === "status" ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"} ${className}`}
    >
      {outcome.message}
    </p>
  );
}
