/**
 * The EmailJS API origin as the browser bundle sees it: a constant vite.config.ts defines from
 * readEmailOrigin (config.ts), the origin VITE_EMAILJS_ORIGIN names, parsed at build time (what a
 * production build checked, scripts/build/production-settings.ts). Only code Vite builds may import
 * this file: plain Node has no such constant.
 */
export const EMAILJS_ORIGIN: string = __EMAILJS_ORIGIN__;
