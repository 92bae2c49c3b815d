/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_EMAILJS_PUBLIC_KEY?: string;
  readonly VITE_EMAILJS_SERVICE_ID?: string;
  readonly VITE_EMAILJS_TEMPLATE_ID?: string;
  readonly VITE_EMAILJS_ORIGIN?: string;
  readonly VITE_EMAILJS_TIMEOUT_MS?: string;
  readonly VITE_SIGNUP_RETRY_BUDGET_MS?: string;
}

declare const __BUILD_YEAR__: number;
