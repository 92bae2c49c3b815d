/**
 * The typo hint under the form's field (docs/behaviour.md, "Typo hint"); `{email}` stands for the
 * address as it would be corrected. `question` is shown and said; `take` names its button.
 */
export type TypoHintContent = { question: string; take: string };

export const typoHint: TypoHintContent = {
  question: "Did you mean {email}?",
  take: "Use {email}",
};
