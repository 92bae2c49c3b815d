import { renderToString } from "react-dom/server";
import { FloorForm } from "./floor-form";

/** The floor's markup as served, rendered at build time like the site's prerender does. */
export function render(): string {
  return renderToString(<FloorForm />);
}
