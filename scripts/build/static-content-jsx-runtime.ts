/**
 * The JSX runtime of the build's server bundle (swapped in by
 * scripts/build/static-content-guard.ts): React's own, plus the marks the StaticContent guard reads
 * in the prerendered pages (scripts/build/static-content-marks.ts), each saying where the element
 * was written.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from "react/jsx-runtime";
import { StaticContent } from "../../src/components/static-content";
import { CONTROL_MARK, controlsOf, STATIC_CONTENT_MARK } from "./static-content-marks";

type Props = Record<string, unknown>;
type Create = (type: unknown, props: Props, key?: string) => ReturnType<typeof reactJsx>;

export { Fragment };

/** Where in the server bundle `caller` was called: the prerender maps it back to the source file. */
function writtenAt(caller: Create): string {
  const trace: { stack?: string } = {};
  Error.captureStackTrace(trace, caller);
  const frame = trace.stack?.split("\n")[1] ?? "";
  return /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?$/.exec(frame)?.[1] ?? "an unknown place";
}

function marked(type: unknown, props: Props, caller: Create): Props {
  if (type === StaticContent) return { ...props, [STATIC_CONTENT_MARK]: writtenAt(caller) };
  if (typeof type !== "string") return props;
  const controls = controlsOf(type, props);
  if (controls.length === 0) return props;
  return { ...props, [CONTROL_MARK]: `${controls.join(" ")} (${writtenAt(caller)})` };
}

export const jsx: Create = (type, props, key) =>
  reactJsx(type as never, marked(type, props, jsx), key);
export const jsxs: Create = (type, props, key) =>
  reactJsxs(type as never, marked(type, props, jsxs), key);
