import { createContext, type ReactNode, useContext } from "react";
import { NO_TRUST_SETTINGS, type TrustSettings } from "@/lib/trust-settings";

const TrustSettingsContext = createContext<TrustSettings>(NO_TRUST_SETTINGS);

/** Hands the build's contact settings down to the privacy notice and the footer. */
export function TrustSettingsProvider({
  value,
  children,
}: {
  value: TrustSettings;
  children: ReactNode;
}) {
  return <TrustSettingsContext value={value}>{children}</TrustSettingsContext>;
}

/**
 * The build's contact settings. Only the prerender has them (the browser's bundle does not carry
 * them): read them only in parts the prerender writes, inside StaticContent.
 */
export function useTrustSettings(): TrustSettings {
  return useContext(TrustSettingsContext);
}
