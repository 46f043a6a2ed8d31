/** "via Remote OK" / "via Himalayas": the per-listing credit their terms ask for, as a followed link to the job there. */
export function SourceCredit({ href, name }: { href: string; name: string }) {
  return (
    <p className="text-xs text-slate-600">
      via{" "}
      <a
        href={href}
        target="_blank"
        rel="noopener"
        className="font-medium text-brand-700 underline"
        onClick={(event) => event.stopPropagation()}
      >
        {name}
      </a>
    </p>
  );
}
