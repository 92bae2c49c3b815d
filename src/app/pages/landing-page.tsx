import { InertHint } from "@/components/inert-action";
import { SkipLink } from "@/components/skip-link";
import { StaticContent } from "@/components/static-content";
import { site } from "@/content/site";
import { DashboardSection } from "@/sections/dashboard-section";
import { FeaturesSection } from "@/sections/features-section";
import { HeroSection } from "@/sections/hero-section";
import { SiteFooter } from "@/sections/site-footer";
import { SiteHeader } from "@/sections/site-header";
import { SolutionsSection } from "@/sections/solutions-section";

export function LandingPage() {
  return (
    <div id="top">
      <SkipLink targetId="main" label={site.skipLink} />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection />
        <FeaturesSection />
        <DashboardSection />
        <StaticContent>{import.meta.env.SSR && <SolutionsSection />}</StaticContent>
      </main>
      <SiteFooter />
      <InertHint />
    </div>
  );
}
