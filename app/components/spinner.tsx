/**
 * The one spinner: a spinning ring with a text alternative (`label` is what screen readers hear). `page` centres it
 * in the space a page's content will take, for the spec's timed page spinners.
 */
export function Spinner({
  label = "Loading",
  page = false,
  className = "",
}: {
  label?: string;
  page?: boolean;
  className?: string;
}) {
  // A page's spinner waits for the page's script; with scripts off it would spin for ever above what the page shows
  // such a browser instead (a <noscript> form), so it is not shown there.
  const layout = page ? "flex min-h-[50vh] w-full items-center justify-center noscript:hidden" : "inline-flex";
  return (
    <span role="status" aria-label={label} className={`${layout} flex-col items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
