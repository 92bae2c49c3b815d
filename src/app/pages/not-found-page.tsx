import TriangleAlert from "lucide-react/icons/triangle-alert";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { buttonClasses } from "@/components/ui/button";
import { notFoundPage } from "@/content/pages";

export function NotFoundPage() {
  return (
    <CenteredCardLayout>
      <TriangleAlert aria-hidden="true" className="mx-auto size-12 text-warning" />
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {notFoundPage.heading}
      </h1>
      <p className="mt-3 text-ink-muted">{notFoundPage.hint}</p>
      <a href="/" className={`${buttonClasses("secondary", "md")} mt-8`}>
        {notFoundPage.backHome}
      </a>
    </CenteredCardLayout>
  );
}
