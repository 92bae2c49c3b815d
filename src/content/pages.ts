export type PageMeta = { title: string; description: string };

type StepWords = { title: string; description: string };

/**
 * A step of "What's next". /success shows it as written; the visitor's confirmation email shows it
 * too, in `inEmail`'s words where the email itself changes the step (the email that confirms a
 * place cannot promise a confirmation still to come).
 */
type NextStep = StepWords & { inEmail?: StepWords };

export type SuccessContent = {
  heading: string;
  message: string;
  nextHeading: string;
  nextSteps: NextStep[];
  backHome: string;
};

export type NotFoundContent = { heading: string; hint: string; backHome: string };

export const pageMeta = {
  landing: {
    title: "Bulwark: AI-powered API security & fraud prevention",
    description:
      "Bulwark stops API attacks and fraud in real time with machine-learning detection, behavior analysis and adaptive response. Join the early-access waitlist.",
  },
  success: {
    title: "You're on the list | Bulwark",
    description: "Thank you for joining the Bulwark early-access waitlist.",
  },
  notFound: {
    title: "Page not found | Bulwark",
    description: "This page does not exist on the Bulwark site.",
  },
} satisfies Record<string, PageMeta>;

export const successPage = {
  heading: "Thank You!",
  message:
    "You've joined the Bulwark waitlist. We'll notify you as soon as early access is available.",
  nextHeading: "What's next",
  nextSteps: [
    {
      title: "We review your submission",
      description: "Our team looks at every request to plan the early-access rollout.",
    },
    {
      title: "Email confirmation arrives shortly",
      description: "Check your inbox for a confirmation of your place on the list.",
      inEmail: {
        title: "This email confirms your place",
        description: "Keep it: below is who holds your address and how to leave the list.",
      },
    },
    {
      title: "We contact you when early access opens",
      description: "You'll hear from us first, with everything you need to get started.",
    },
  ],
  backHome: "Back to Home",
} satisfies SuccessContent;

export const notFoundPage = {
  heading: "404 Page Not Found",
  hint: "Did you forget to add the page to the router?",
  backHome: "Back to Home",
} satisfies NotFoundContent;
