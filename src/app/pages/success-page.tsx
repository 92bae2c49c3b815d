import { __iconData as circleCheck } from "lucide-react/icons/circle-check";
import { useEffect, useRef } from "react";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { successPage } from "@/content/pages";
import { logConversion } from "@/waitlist/browser/conversion";
import { usePageState } from "@/waitlist/ui/page-state";

export function SuccessPage() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Survives StrictMode's simulated remount, so one arrival logs one conversion.
  const logged = useRef(false);
  const { waitlist } = usePageState();

  useEffect(() => {
    // At the top at once: the page's smooth scrolling would glide up from where the form was,
    // and focusing the heading mid-glide would stop it part way.
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    headingRef.current?.focus({ preventScroll: true });
    if (logged.current) return;
    logged.current = true;
    logConversion(waitlist);
  }, [waitlist]);

  return (
    <CenteredCardLayout>
      <Icon icon={circleCheck} className="mx-auto size-14 text-success" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-3xl font-semibold tracking-tight text-ink outline-none sm:text-4xl"
      >
        {successPage.heading}
      </h1>
      <p className="mt-3 text-ink-muted">{successPage.message}</p>
      <h2 className="mt-8 text-left text-sm font-semibold tracking-wide text-accent-strong uppercase">
        {successPage.nextHeading}
      </h2>
      <ol className="mt-4 space-y-4 text-left">
        {successPage.nextSteps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-accent/15 text-sm font-semibold text-accent-strong"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-medium text-balance text-ink">{step.title}</p>
              <p className="text-sm text-ink-muted">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
      <a href="/" className={`${buttonClasses("primary", "lg")} mt-10 w-full`}>
        {successPage.backHome}
      </a>
    </CenteredCardLayout>
  );
}
