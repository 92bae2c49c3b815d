/**
 * The time a build stamps (the footer's year, security.txt's expiry): SOURCE_DATE_EPOCH where set
 * (seconds since 1970, as reproducible builds name it: the test stacks set it so a build is the
 * same all month), else now.
 */
export function buildTime(env: Record<string, string | undefined> = process.env): Date {
  const setting = env.SOURCE_DATE_EPOCH?.trim();
  if (!setting) return new Date();
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${setting}".`);
  }
  return new Date(seconds * 1000);
}
