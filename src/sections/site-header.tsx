import { __iconData as menu } from "lucide-react/icons/menu";
import { __iconData as x } from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { Logo } from "@/components/logo";
import { SectionLink } from "@/components/section-link";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { site } from "@/content/site";

const MENU_ID = "mobile-menu";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const backdropRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      // The backdrop closes the menu on its click, so that the click lands on it, not the page.
      if (event.target === backdropRef.current) return;
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    }
    // Focus that leaves the header (Tab past the last item) closes the menu, so the next focused
    // control is never hidden behind it.
    function onFocusIn(event: FocusEvent) {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [menuOpen]);

  return (
    <>
      {/* Dims the page under the open menu; a tap on it closes the menu (as any tap outside does)
          without reaching what lies beneath. Pointer only: Escape and the toggle do it by keyboard. */}
      {menuOpen && (
        <button
          ref={backdropRef}
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-x-0 top-16 bottom-0 z-30 animate-fade-in cursor-default bg-canvas/80 md:hidden"
          // Focus stays where it was (the toggle): a tap here only closes the menu.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setMenuOpen(false)}
        />
      )}
      <header ref={headerRef} className="fixed inset-x-0 top-0 z-40 border-b border-line bg-canvas">
        <nav aria-label={site.navLabel} className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="flex h-16 items-center justify-between gap-4">
            <a href="#top" className="rounded-md">
              <Logo size="md" />
            </a>
            <ul className="hidden items-center gap-1 md:flex">
              {site.navItems.map((item) => (
                <li key={item.sectionId}>
                  <SectionLink variant="ghost" size="sm" sectionId={item.sectionId}>
                    {item.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
            <Button
              ref={toggleRef}
              variant="ghost"
              size="sm"
              className="md:hidden"
              aria-label={site.menuLabel}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <Icon icon={x} className="size-5" />
              ) : (
                <Icon icon={menu} className="size-5" />
              )}
            </Button>
          </div>
          {/* Rendered only while open: the closed menu costs the page no bytes (docs/behaviour.md,
              "Quality bars": Weight); without scripts the toggle does nothing either way. */}
          {menuOpen && (
            <ul
              id={MENU_ID}
              // It scrolls inside the screen below the 4 rem bar, even at 320x180 (400% zoom).
              className="max-h-[calc(100dvh-4rem)] animate-fade-in overflow-y-auto overscroll-contain border-t border-line/70 py-3 md:hidden"
            >
              {site.navItems.map((item) => (
                <li key={item.sectionId}>
                  <SectionLink
                    variant="ghost"
                    align="start"
                    size="lg"
                    className="w-full"
                    sectionId={item.sectionId}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </header>
    </>
  );
}
