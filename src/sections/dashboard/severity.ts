import type { BadgeTone } from "@/components/ui/badge";
import type { Severity } from "@/content/dashboard";

export const SEVERITY_TONE = { high: "danger", medium: "warning" } satisfies Record<
  Severity,
  BadgeTone
>;
