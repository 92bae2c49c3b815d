/**
 * Vitest setup (vitest.config.ts): every unit test file starts without the shell's site and
 * emulator settings, so a test of a default (the emulator's ids from .env.emulator, say) or a
 * command it spawns sees what a clean checkout has, not what a CI job exported.
 */
import { setOnlyExplicitSettings } from "../e2e/support/stack-settings";

setOnlyExplicitSettings();
