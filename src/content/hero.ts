type ThreatCard = {
  /** Says, to the eye and to assistive technology, that the card is an illustration. */
  sampleBadge: string;
  status: string;
  title: string;
  detail: string;
  endpoint: string;
  sourceLabel: string;
  source: string;
  timeLabel: string;
  time: string;
  confidence: string;
  actionLabel: string;
};

export type Hero = {
  eyebrow: string;
  headline: string;
  headlineAccent: string;
  pitch: string;
  learnMore: string;
  learnMoreTarget: string;
  /** On phones and tablets, where the form is further down: a link that puts focus in its field. */
  joinWaitlist: string;
  /** The id of the waitlist's email field, the link's target (a fragment, so it works before the app runs). */
  joinWaitlistTarget: string;
  threatCard: ThreatCard;
};

export const hero = {
  eyebrow: "Early access now open",
  headline: "Stop API attacks and fraud",
  headlineAccent: "before they cost you",
  pitch:
    "Bulwark watches every API call, login and checkout in real time. Machine-learning models score each request in milliseconds, spot abuse as it starts and block it automatically, so your team can ship without looking over its shoulder.",
  learnMore: "Learn More",
  learnMoreTarget: "features",
  joinWaitlist: "Join the waitlist",
  joinWaitlistTarget: "waitlist-email",
  threatCard: {
    sampleBadge: "Sample data",
    status: "Blocked",
    title: "SQL injection attempt",
    detail:
      "Malicious payload in a query parameter, stopped at the edge before it reached your database.",
    endpoint: "POST /api/v2/payments",
    sourceLabel: "Source",
    source: "203.0.113.42",
    timeLabel: "Detected",
    time: "14:32:07 UTC",
    confidence: "99.2% confidence",
    actionLabel: "View Details",
  },
} satisfies Hero;
