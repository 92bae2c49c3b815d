export type Severity = "high" | "medium";
export type HealthStatus = "Secure" | "Optimized" | "Needs Review";
export type StatIcon = "dollar" | "alert" | "trending" | "gauge";

export type StatTile = { icon: StatIcon; label: string; value: string; note: string };
type ThreatItem = { title: string; detail: string; severity: Severity; time: string };
type MapHotspot = { city: string; lat: number; lon: number; severity: Severity };
type SecurityArea = { name: string; status: HealthStatus; percent: number };

export type DashboardContent = {
  eyebrow: string;
  heading: string;
  intro: string;
  /** Says, to the eye and to assistive technology, that the dashboard is an illustration. */
  sampleBadge: string;
  panelTitle: string;
  statTiles: StatTile[];
  threats: { title: string; severityLabels: Record<Severity, string>; items: ThreatItem[] };
  map: { title: string; caption: string; hotspots: MapHotspot[] };
  criticalAlerts: { title: string; count: number; countLabel: string; items: string[] };
  securityHealth: { title: string; areas: SecurityArea[] };
  quickActions: { title: string; actions: string[] };
};

export const dashboard = {
  eyebrow: "Dashboard",
  heading: "Every threat, one calm view",
  intro:
    "A preview of the Bulwark console: what was stopped, what needs attention and how healthy each part of your business is right now.",
  sampleBadge: "Sample data",
  panelTitle: "Fraud Command Center",
  statTiles: [
    { icon: "dollar", label: "Fraud Prevented 24h", value: "$157K", note: "+12% vs. yesterday" },
    { icon: "alert", label: "Fraud Attempts", value: "247", note: "All blocked or challenged" },
    {
      icon: "trending",
      label: "Customer Conversion",
      value: "98.7%",
      note: "Honest customers let through",
    },
    { icon: "gauge", label: "Fraud Score", value: "96%", note: "Model accuracy, last 7 days" },
  ],
  threats: {
    title: "Recent Threat Activity",
    severityLabels: { high: "High", medium: "Medium" },
    items: [
      {
        title: "Credential stuffing burst",
        detail: "1,204 logins from 311 IPs on /auth/login",
        severity: "high",
        time: "2 min ago",
      },
      {
        title: "Card testing pattern",
        detail: "38 micro-charges on one merchant account",
        severity: "high",
        time: "7 min ago",
      },
      {
        title: "Impossible travel sign-in",
        detail: "Lisbon to Singapore in 14 minutes",
        severity: "medium",
        time: "18 min ago",
      },
      {
        title: "API rate anomaly",
        detail: "Search endpoint at 9x its usual volume",
        severity: "medium",
        time: "26 min ago",
      },
    ],
  },
  map: {
    title: "Global Fraud Map",
    caption: "Active attack sources in the last hour",
    hotspots: [
      { city: "São Paulo", lat: -23.55, lon: -46.63, severity: "high" },
      { city: "Lagos", lat: 6.52, lon: 3.38, severity: "medium" },
      { city: "Frankfurt", lat: 50.11, lon: 8.68, severity: "medium" },
      { city: "Singapore", lat: 1.35, lon: 103.82, severity: "high" },
      { city: "Chicago", lat: 41.88, lon: -87.63, severity: "medium" },
    ],
  },
  criticalAlerts: {
    title: "Critical Alerts",
    count: 3,
    countLabel: "live threats",
    items: [
      "Bot swarm on checkout, auto-throttled",
      "Account takeover in progress, sessions locked",
      "Injection probe on payments API, blocked",
    ],
  },
  securityHealth: {
    title: "Security Health",
    areas: [
      { name: "Payment Gateway", status: "Secure", percent: 100 },
      { name: "Account Protection", status: "Optimized", percent: 92 },
      { name: "Checkout Process", status: "Needs Review", percent: 68 },
      { name: "Loyalty Program", status: "Secure", percent: 95 },
    ],
  },
  quickActions: {
    title: "Quick Actions",
    actions: ["Run Fraud Analysis", "Export Risk Report", "Adjust Fraud Thresholds"],
  },
} satisfies DashboardContent;
