export type SolutionIcon = "lock" | "credit-card" | "users";

type SolutionCard = {
  icon: SolutionIcon;
  title: string;
  summary: string;
  bullets: string[];
};

export type SolutionsContent = {
  eyebrow: string;
  heading: string;
  intro: string;
  cards: SolutionCard[];
};

export const solutions = {
  eyebrow: "Solutions",
  heading: "Built for the way you run your business",
  intro:
    "Whether you expose public APIs, take payments or run a loyalty program, Bulwark fits in front of what you already have.",
  cards: [
    {
      icon: "lock",
      title: "API Security",
      summary: "Protect every endpoint without rewriting it.",
      bullets: [
        "Blocks injection, broken auth and object-level attacks",
        "Learns your API schema and flags unexpected calls",
        "Stops scraping and credential stuffing at the edge",
      ],
    },
    {
      icon: "credit-card",
      title: "Fraud Prevention",
      summary: "Keep chargebacks down and conversion up.",
      bullets: [
        "Real-time risk score on every payment and signup",
        "Detects card testing, promo abuse and fake accounts",
        "Step-up checks only when the risk calls for them",
      ],
    },
    {
      icon: "users",
      title: "User Behavior Analysis",
      summary: "Know your customers from the bots pretending to be them.",
      bullets: [
        "Per-account baselines for devices, places and habits",
        "Spots account takeover the moment behavior shifts",
        "Explains every decision so your team can act fast",
      ],
    },
  ],
} satisfies SolutionsContent;
