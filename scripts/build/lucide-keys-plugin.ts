/**
 * Vite plugin: drops the random `key` lucide writes on each shape of its icon data
 * (`["path", { d: "...", key: "1tepv9" }]`). The site draws that data itself
 * (src/components/ui/icon.tsx), keying the shapes by their place, so the keys are bytes of the
 * app's JavaScript and nothing else (random letters that compress badly: about 0.1 KB of the
 * JavaScript budget, scripts/bench/budgets.ts). Added to vite.config.ts as lucideKeysPlugin().
 */
import type { Plugin } from "vite";

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const SHAPE_KEY = /,\s*key:\s*"[^"]*"/g;

/** An icon module's source without its shapes' keys. */
export function withoutShapeKeys(source: string): string {
  return source.replace(SHAPE_KEY, "");
}

export function lucideKeysPlugin(): Plugin {
  return {
    name: "bulwark:lucide-keys",
    transform(code, id) {
      return ICON_MODULE.test(id) ? { code: withoutShapeKeys(code), map: null } : null;
    },
  };
}
