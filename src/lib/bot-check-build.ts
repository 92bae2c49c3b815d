/**
 * The bot check's settings as the browser bundle sees them: constants vite.config.ts defines from
 * readBotCheckConfig (config.ts), not import.meta.env reads. Whether the check is on is tested with
 * the global `__BOT_CHECK_ON__` itself where it matters (src/vite-env.d.ts): written out in each
 * module, it is a literal `false` there in a build without VITE_RECAPTCHA_SITE_KEY, and the bundler
 * drops what it guards, the check's lazy chunk included, before the minifier runs. Only code Vite
 * builds may import this file: plain Node has no such constants.
 */
export const RECAPTCHA_SITE_KEY: string = __RECAPTCHA_SITE_KEY__;
export const RECAPTCHA_ORIGIN: string = __RECAPTCHA_ORIGIN__;
