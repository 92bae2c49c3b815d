/** The typo hint's lists (typo-hint.ts), tuned for work addresses and measured by its tests. */
/** The endings a slip is put back to, most common first. */
export const COMMON_ENDINGS = ["com", "net", "org", "de", "io", "uk"];

/** Every real top-level domain one edit from a common one, never questioned; tests derive it. */
export const REAL_ENDINGS_NEAR_COMMON =
  "ae ao be bet bio bo bom cam ck cm co dev dj dk dm do dz ee et fk fo ge hk id ie il im in iq ir is it je jio jo ke lk me mk mo mom ne nec new next no ntt om ong pe pet pk re rio ro se sk so tk to ua ug us uy uz ve vet ye".split(
    " ",
  );

/** The providers whose names are corrected, each with its endings, its main one first. */
export const PROVIDERS: Readonly<Record<string, string>> = {
  gmail: "com",
  googlemail: "com",
  yahoo: "com co.uk fr de it es ca co.jp com.br",
  hotmail: "com co.uk fr de it es",
  outlook: "com de fr es it",
  icloud: "com",
  protonmail: "com ch",
  proton: "me",
  "t-online": "de",
  yandex: "ru com",
  wanadoo: "fr",
  comcast: "net",
  verizon: "net",
  btinternet: "com",
  aol: "com",
};

/** Real domains one edit from a provider's, so never corrected to it. */
export const KNOWN_DOMAINS = "ymail.com email.com mail.com cloud.com".split(" ");
