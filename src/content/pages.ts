export type PageMeta = { title: string; description: string };

type StepWords = { title: string; description: string };

/** A step of "What's next": /success shows it as written, the confirmation email too (below). */
type NextStep = StepWords;

export type SuccessContent = {
  heading: string;
  message: string;
  nextHeading: string;
  nextSteps: NextStep[];
  backHome: string;
};

export type NotFoundContent = { heading: string; hint: string; backHome: string };

/** Each page's title: the tab's, on the server and as the app moves between pages. */
export const pageTitles = {
  landing: "Bulwark: AI-powered API security & fraud prevention",
  success: "You're on the list | Bulwark",
  notFound: "Page not found | Bulwark",
};

export type PageId = keyof typeof pageTitles;

/**
 * Each page's description, for search results and link previews: only in the prerendered <head>,
 * so apart from the titles, which the app's bundle carries.
 */
export const pageDescriptions = {
  landing:
    "Bulwark stops API attacks and fraud in real time with machine-learning detection, behavior analysis and adaptive response. Join the early-access waitlist.",
  success: "Thank you for joining the Bulwark early-access waitlist.",
  notFound: "This page does not exist on the Bulwark site.",
} satisfies Record<PageId, string>;

/** A page's title and description. */
export const pageMeta = (id: PageId): PageMeta => ({
  title: pageTitles[id],
  description: pageDescriptions[id],
});

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

/**
 * The steps the visitor's confirmation email words differently, by their place in
 * `successPage.nextSteps`: the email that confirms a place cannot promise a confirmation still to
 * come. Apart from the page's words, which the app's bundle carries: only the email reads these.
 */
const stepsReworded: Record<number, StepWords> = {
  1: {
    title: "This email confirms your place",
    description: "Keep it: below is who holds your address and how to leave the list.",
  },
};

/** "What's next" as the confirmation email shows it: the page's steps, reworded where it must be. */
export function nextStepsInEmail(): StepWords[] {
  return successPage.nextSteps.map((step, index) => stepsReworded[index] ?? step);
}
