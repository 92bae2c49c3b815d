import { __iconData as brainCircuit } from "lucide-react/icons/brain-circuit";
import { __iconData as fingerprintPattern } from "lucide-react/icons/fingerprint-pattern";
import { __iconData as shieldCheck } from "lucide-react/icons/shield-check";
import { __iconData as zap } from "lucide-react/icons/zap";
import { InertAction } from "@/components/inert-action";
import { LandingSection } from "@/components/landing-section";
import { RevealCard } from "@/components/reveal-card";
import { StaticContent } from "@/components/static-content";
import { IconTile } from "@/components/ui/icon-tile";
import { type FeatureIcon, features } from "@/content/features";

const ICONS = {
  brain: brainCircuit,
  fingerprint: fingerprintPattern,
  shield: shieldCheck,
  zap: zap,
} satisfies Record<FeatureIcon, unknown>;

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow={features.eyebrow}
      heading={features.heading}
      intro={features.intro}
      tone="tinted"
      className="[--band-height:96rem] sm:[--band-height:53rem] lg:[--band-height:35rem]"
    >
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {features.cards.map((card) => {
          return (
            <li key={card.title} className="flex">
              <RevealCard className="flex w-full flex-col p-6">
                {/* display: contents, so the text stays a flex item of the card. */}
                <StaticContent className="contents">
                  {import.meta.env.SSR && (
                    <>
                      <IconTile icon={ICONS[card.icon]} />
                      <h3 className="mt-5 text-lg font-semibold text-ink">{card.title}</h3>
                      <p className="mt-2 flex-1 text-sm text-ink-muted">{card.description}</p>
                    </>
                  )}
                </StaticContent>
                <InertAction size="sm" className="mt-5 self-start">
                  {features.learnMore}
                  <span className="sr-only">{` ${features.learnMoreAbout} ${card.title}`}</span>
                </InertAction>
              </RevealCard>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
