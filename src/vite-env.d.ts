/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_EMAILJS_PUBLIC_KEY?: string;
  readonly VITE_EMAILJS_SERVICE_ID?: string;
  readonly VITE_EMAILJS_TEMPLATE_ID?: string;
  readonly VITE_EMAILJS_ORIGIN?: string;
  readonly VITE_EMAILJS_TIMEOUT_MS?: string;
  readonly VITE_SIGNUP_RETRY_BUDGET_MS?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_RECAPTCHA_ORIGIN?: string;
  readonly VITE_PLAUSIBLE_DOMAIN?: string;
  readonly VITE_PLAUSIBLE_ENDPOINT?: string;
}

declare const __BUILD_YEAR__: number;
/** The EmailJS API origin, parsed at build time from VITE_EMAILJS_ORIGIN (vite.config.ts). */
declare const __EMAILJS_ORIGIN__: string;
/** The bot check (reCAPTCHA v2 invisible) is on: VITE_RECAPTCHA_SITE_KEY is set (vite.config.ts). */
declare const __BOT_CHECK_ON__: boolean;
declare const __RECAPTCHA_SITE_KEY__: string;
/** Where api.js is loaded from: VITE_RECAPTCHA_ORIGIN, Google by default. */
declare const __RECAPTCHA_ORIGIN__: string;
/** The field signals (Plausible) are on: VITE_PLAUSIBLE_DOMAIN is set (vite.config.ts). */
declare const __ANALYTICS_ON__: boolean;
declare const __PLAUSIBLE_DOMAIN__: string;
/** Where events go: VITE_PLAUSIBLE_ENDPOINT, Plausible's cloud by default. */
declare const __PLAUSIBLE_ENDPOINT__: string;
/** The endpoint is this machine (the emulator's collector): local pages are counted. */
declare const __PLAUSIBLE_LOCAL__: boolean;
