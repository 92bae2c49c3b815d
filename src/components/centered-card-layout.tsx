import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Logo } from "./logo";

/**
 * The frame of the small pages (/success, 404): the logo home, then one centred card. Links home are
 * plain links: the landing page is served, never drawn in the browser (see app.tsx).
 */
export function CenteredCardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-10 sm:py-16">
      <header>
        <a href="/" className="inline-flex rounded-md">
          <Logo size="lg" />
        </a>
      </header>
      <main className="flex w-full flex-1 items-center justify-center py-10">
        <Card className="w-full max-w-lg p-6 text-center sm:p-10">{children}</Card>
      </main>
    </div>
  );
}
