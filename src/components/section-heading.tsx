export function SectionHeading({
  id,
  eyebrow,
  heading,
  intro,
}: {
  id: string;
  eyebrow: string;
  heading: string;
  intro: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-accent-strong uppercase">{eyebrow}</p>
      <h2
        id={id}
        tabIndex={-1}
        className="mt-3 text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl"
      >
        {heading}
      </h2>
      <p className="mt-4 text-base text-pretty text-ink-muted sm:text-lg">{intro}</p>
    </div>
  );
}
