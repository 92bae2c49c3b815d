import "./styles.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { enableScrollReveal } from "./components/reveal-on-scroll";
import { initEmailClient } from "./lib/email-client";

enableScrollReveal();
initEmailClient();

hydrateRoot(
  document.getElementById("root") as HTMLElement,
  <StrictMode>
    <App />
  </StrictMode>,
  {
    // A mismatch means the prerendered page and the app disagree: make it loud (tests watch for it).
    onRecoverableError(error) {
      console.error("Hydration error:", error);
    },
  },
);
