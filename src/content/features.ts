export type FeatureIcon = "brain" | "fingerprint" | "shield" | "zap";

type FeatureCard = { icon: FeatureIcon; title: string; description: string };

export type FeaturesContent = {
  eyebrow: string;
  heading: string;
  intro: string;
  learnMore: string;
  /** Read after "Learn more" by screen readers only, before the card's title. */
  learnMoreAbout: string;
  cards: FeatureCard[];
};

export const features = {
  eyebrow: "Capabilities",
  heading: "Defense that learns as fast as attackers do",
  intro:
    "Four layers work together to tell real customers from bots, fraud rings and attackers without adding friction for the people you want to keep.",
  learnMore: "Learn more",
  learnMoreAbout: "about",
  cards: [
    {
      icon: "brain",
      title: "ML Fraud Detection",
      description:
        "Models trained on billions of transactions score every payment and signup in real time and catch fraud patterns that fixed rules miss.",
    },
    {
      icon: "fingerprint",
      title: "User Behavior Analysis",
      description:
        "Session, device and velocity signals build a baseline for each account, so account takeovers and bots stand out the moment they act.",
    },
    {
      icon: "shield",
      title: "API Security Layer",
      description:
        "Schema validation, injection and abuse detection sit in front of your endpoints and stop malicious requests before they reach your code.",
    },
    {
      icon: "zap",
      title: "Adaptive Response System",
      description:
        "Responses scale with risk: allow, step up, throttle or block, tuned automatically so honest customers never notice.",
    },
  ],
} satisfies FeaturesContent;
