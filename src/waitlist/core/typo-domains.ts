/**
 * The typo hint's domain lists (typo-hint.ts), tuned for work addresses: the endings a company's
 * slip is put back to, the real endings near them that are never questioned, and the personal
 * providers whose names are distinct enough to correct. Measured on the corpus in
 * typo-hint.test.ts (0 hints on the real domains, the slips' rate); checked against the list of
 * every top-level domain (the `tlds` package) so no real ending near a common one is missed.
 */

/** The endings a slip is put back to, most common first. */
export const COMMON_ENDINGS = ["com", "net", "org", "de", "io", "uk"];

/**
 * Every real top-level domain one edit from a common ending: these are never questioned
 * (`acme.co` may be a company on Colombia's ending). typo-hint.test.ts derives it from `tlds`.
 */
export const REAL_ENDINGS_NEAR_COMMON =
  "ae ao be bet bio bo bom cam ck cm co dev dj dk dm do dz ee et fk fo ge hk id ie il im in iq ir is it je jio jo ke lk me mk mo mom ne nec new next no ntt om ong pe pet pk re rio ro se sk so tk to ua ug us uy uz ve vet ye".split(
    " ",
  );

/**
 * The providers whose names are corrected, each with its endings, its main one first: a name one
 * edit off under one of them (`hotmial.de`), or the name under an ending one edit from its main
 * one (`icloud.co`). Short names (aol, gmx, web, me) are left out: one edit from them is often a
 * company (ao.com, gm.com, ge.com).
 */
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
