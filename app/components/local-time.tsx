import { useEffect, useState } from "react";

/**
 * A moment in the reader's own locale and time zone. The server knows neither, so it writes UTC; once the page runs in
 * the browser the text becomes the reader's ("24/11/2026, 22:15:04" in India, "11/24/2026, 4:45:04 PM" in Ohio).
 */
export function LocalTime({ at }: { at: string }) {
  const [text, setText] = useState(() => new Date(at).toUTCString());
  useEffect(() => setText(new Date(at).toLocaleString()), [at]);
  return <time dateTime={at}>{text}</time>;
}
