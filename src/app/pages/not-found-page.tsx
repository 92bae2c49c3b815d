import TriangleAlert from "lucide-react/icons/triangle-alert";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { buttonClasses } from "@/components/ui/button";
import { notFoundPage } from "@/content/pages";

export function NotFoundPage() {
  return (
    <CenteredCardLayout>
      <TriangleAlert aria-hidden="true" className="mx-auto size-14 text-warning" />
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
