import { __iconData as check } from "lucide-react/icons/check";
import { __iconData as creditCard } from "lucide-react/icons/credit-card";
import { __iconData as lock } from "lucide-react/icons/lock";
import { __iconData as users } from "lucide-react/icons/users";
import { LandingSection } from "@/components/landing-section";
import { RevealCard } from "@/components/reveal-card";
import { Icon } from "@/components/ui/icon";
import { IconTile } from "@/components/ui/icon-tile";
import { type SolutionIcon, solutions } from "@/content/solutions";

const ICONS = {
  lock: lock,
  "credit-card": creditCard,
  users: users,
} satisfies Record<SolutionIcon, unknown>;

export function SolutionsSection() {
  return (
    <LandingSection
      id="solutions"
      eyebrow={solutions.eyebrow}
      heading={solutions.heading}
      intro={solutions.intro}
      tone="tinted"
      className="[--band-height:85rem] sm:[--band-height:68rem] md:[--band-height:46rem] lg:[--band-height:36rem]"
    >
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {solutions.cards.map((card) => {
          return (
            <li key={card.title} className="flex">
              <RevealCard className="w-full p-6">
                <IconTile icon={ICONS[card.icon]} />
                <h3 className="mt-5 text-lg font-semibold text-ink">{card.title}</h3>
                <p className="mt-2 text-sm text-ink-muted">{card.summary}</p>
                <ul className="mt-5 space-y-3">
                  {card.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-3 text-sm text-ink">
                      <Icon icon={check} className="mt-0.5 size-4 shrink-0 text-success" />
                      {bullet}
                    </li>
                  ))}
                </ul>
              </RevealCard>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
