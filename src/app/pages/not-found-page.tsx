import { __iconData as triangleExclamationPoint } from "lucide-react/icons/triangle-exclamation-point";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { notFoundPage } from "@/content/pages";

export function NotFoundPage() {
  return (
    <CenteredCardLayout>
      <Icon icon={triangleExclamationPoint} className="mx-auto size-14 text-warning" />
      <h1 className="mt-5 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        {notFoundPage.heading}
      </h1>
      <p className="mt-3 text-ink-muted">{notFoundPage.hint}</p>
      {/* As on /success: the way home is the card's primary action. */}
      <a href="/" className={`${buttonClasses("primary", "lg")} mt-10 w-full`}>
        {notFoundPage.backHome}
      </a>
    </CenteredCardLayout>
  );
}
