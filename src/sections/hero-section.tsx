import ArrowDown from "lucide-react/icons/arrow-down";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { WaitlistForm } from "@/components/waitlist-form";
import { hero } from "@/content/hero";
import { scrollToSection } from "@/lib/scroll";
import { HeroThreatCard } from "./hero-threat-card";

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden pt-28 pb-16 sm:pt-32 lg:pb-24"
    >
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <Badge tone="accent">{hero.eyebrow}</Badge>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
          >
            {`${hero.headline} `}
            <span className="text-accent-strong">{hero.headlineAccent}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-ink-muted">{hero.pitch}</p>
          <Button
            variant="secondary"
            size="lg"
            className="mt-8"
            onClick={() => scrollToSection(hero.learnMoreTarget)}
          >
            {hero.learnMore}
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="flex flex-col gap-6">
          <HeroThreatCard />
          <WaitlistForm />
        </div>
      </div>
    </section>
  );
}
