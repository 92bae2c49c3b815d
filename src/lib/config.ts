/** Build-time settings (see .env.example). Read once here so the rest of the app never touches import.meta.env. */

const DEFAULT_EMAILJS_ORIGIN = "https://api.emailjs.com";
const DEFAULT_SEND_TIMEOUT_MS = 15_000;

export const emailConfig = {
  publicKey: import.meta.env.VITE_EMAILJS_PUBLIC_KEY ?? "",
  serviceId: import.meta.env.VITE_EMAILJS_SERVICE_ID ?? "",
  templateId: import.meta.env.VITE_EMAILJS_TEMPLATE_ID ?? "",
  origin: import.meta.env.VITE_EMAILJS_ORIGIN || DEFAULT_EMAILJS_ORIGIN,
  timeoutMs: Number(import.meta.env.VITE_EMAILJS_TIMEOUT_MS) || DEFAULT_SEND_TIMEOUT_MS,
  /** blockHeadless and limitRate: on in production builds, off for the local emulator build. */
  antiAbuse: import.meta.env.MODE === "production",
};
