/** Ports of the test stack, apart from `npm start`'s so both can run at once. */
export const E2E_SITE_PORT = 4310;
export const E2E_EMAIL_PORT = 4311;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_SITE_PORT}`;
export const E2E_EMAIL_URL = `http://127.0.0.1:${E2E_EMAIL_PORT}`;
/** Short, so the "no answer" test does not wait the production 15 s. */
export const E2E_SEND_TIMEOUT_MS = 3000;
