export function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  return (
    <a
      href={`#${targetId}`}
      // Shown below the fixed header (4 rem), so it never covers the logo; the padding is set with
      // focus: because not-sr-only resets it.
      className="sr-only rounded-lg bg-accent font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-[4.75rem] focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:shadow-deep"
    >
      {label}
    </a>
  );
}
