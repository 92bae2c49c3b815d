import { hydrateRoot } from "react-dom/client";
import { FloorForm } from "./floor-form";

// The least a prerendered React 19 page does to own its form: one hydration of the served markup.
hydrateRoot(document.getElementById("root") as HTMLElement, <FloorForm />);
