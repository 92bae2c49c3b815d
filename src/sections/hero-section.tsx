import { __iconData as arrowDown } from "lucide-react/icons/arrow-down";
import { SectionLink } from "@/components/section-link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { hero } from "@/content/hero";
import { WaitlistFormIsland } from "@/waitlist/ui/form-island";
import { HeroThreatCard } from "./hero-threat-card";

/*
 * Tighter on phones, so the form's field starts within 800 px of the top at 375x667 while keeping
 * the spec's order (pitch, sample card, form).
 */
export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden pt-20 pb-14 sm:pt-32"
    >
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12">
        <div>
          <Badge tone="accent">{hero.eyebrow}</Badge>
          <h1
            id="hero-heading"
            className="mt-4 text-4xl/[1.1] font-semibold tracking-tight text-balance text-ink sm:mt-5 sm:text-5xl lg:text-6xl"
          >
            {`${hero.headline} `}
            <span className="text-accent-strong">{hero.headlineAccent}</span>
          </h1>
          <p className="mt-4 max-w-xl text-base text-pretty text-ink-muted sm:mt-6 sm:text-lg">
            {hero.pitch}
          </p>
          <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
            {/* Below lg the form is further down: one tap puts focus in its field. A plain link to
                the field, so it works before the app runs (browsers focus a focusable target). */}
            <a
              href={`#${hero.joinWaitlistTarget}`}
              className={`${buttonClasses("primary", "md")} lg:hidden`}
            >
              {hero.joinWaitlist}
            </a>
            <SectionLink variant="secondary" size="md" sectionId={hero.learnMoreTarget}>
              {hero.learnMore}
              <Icon icon={arrowDown} className="size-4" />
            </SectionLink>
          </div>
        </div>
        <div className="flex flex-col gap-4 sm:gap-6">
          <HeroThreatCard />
          <WaitlistFormIsland fieldId={hero.joinWaitlistTarget} />
        </div>
      </div>
    </section>
  );
}
