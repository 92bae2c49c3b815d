/**
 * The typo hint's corpus (typo-hint.test.ts): real, valid domains that must never get a hint, and
 * slips generated from common domains, each with the correction it should get. Test data only.
 */

/** Personal providers across countries, their aliases' domains included. */
const PERSONAL = [
  // Global and North America
  "gmail.com googlemail.com yahoo.com ymail.com rocketmail.com hotmail.com outlook.com live.com",
  "msn.com aol.com aim.com icloud.com me.com mac.com privaterelay.appleid.com proton.me pm.me",
  "protonmail.com protonmail.ch passmail.net tutanota.com tutanota.de tuta.io tuta.com hey.com",
  "fastmail.fm fastmail.com zoho.com zohomail.eu mail.com email.com usa.com gmx.com hushmail.com",
  "duck.com mozmail.com simplelogin.com slmail.me addy.io anonaddy.me mailfence.com runbox.com",
  "startmail.com riseup.net disroot.org yandex.com comcast.net verizon.net att.net sbcglobal.net",
  "bellsouth.net cox.net charter.net earthlink.net optonline.net frontier.com juno.com",
  // UK and Ireland
  "btinternet.com sky.com virginmedia.com talktalk.net ntlworld.com blueyonder.co.uk",
  "hotmail.co.uk yahoo.co.uk live.co.uk eircom.net",
  // Germany, Austria, Switzerland
  "gmx.de gmx.net gmx.at gmx.ch web.de t-online.de posteo.de posteo.net mailbox.org freenet.de",
  "arcor.de o2.de online.de mail.de outlook.de hotmail.de yahoo.de vodafonemail.de ionos.de",
  "aon.at chello.at a1.net bluewin.ch sunrise.ch hispeed.ch",
  // France, Italy, Spain, Portugal
  "orange.fr wanadoo.fr free.fr sfr.fr laposte.net neuf.fr hotmail.fr yahoo.fr outlook.fr",
  "live.fr gmx.fr bbox.fr libero.it virgilio.it alice.it tiscali.it tim.it hotmail.it yahoo.it",
  "fastwebnet.it email.it telefonica.net hotmail.es yahoo.es outlook.es sapo.pt",
  // Benelux and the Nordics
  "kpnmail.nl ziggo.nl planet.nl home.nl hetnet.nl xs4all.nl telenet.be skynet.be proximus.be",
  "telia.com online.no live.se hotmail.se hotmail.dk yahoo.dk",
  // Central and Eastern Europe
  "wp.pl o2.pl onet.pl interia.pl op.pl gazeta.pl seznam.cz centrum.cz email.cz",
  "mail.ru yandex.ru ya.ru bk.ru list.ru inbox.ru rambler.ru ukr.net i.ua",
  // Asia
  "qq.com 163.com 126.com sina.com yeah.net foxmail.com aliyun.com naver.com daum.net",
  "hanmail.net yahoo.co.jp docomo.ne.jp ezweb.ne.jp softbank.ne.jp rediffmail.com yahoo.co.in",
  "walla.co.il mynet.com",
  // Latin America, Canada, Oceania
  "bol.com.br uol.com.br terra.com.br ig.com.br yahoo.com.br hotmail.com.br outlook.com.br",
  "yahoo.com.ar prodigy.net.mx shaw.ca rogers.com sympatico.ca telus.net videotron.ca",
  "bigpond.com optusnet.com.au iinet.net.au xtra.co.nz",
];

/** Companies and institutions, short names one edit from a provider's among them. */
const COMPANIES = [
  "stripe.com github.com gitlab.com cloudflare.com atlassian.com shopify.com salesforce.com",
  "microsoft.com google.com apple.com amazon.com ibm.com sap.com siemens.com bosch.com",
  "airbus.com zalando.de spotify.com klarna.com adyen.com n26.com booking.com ing.com db.com",
  "bbc.co.uk gov.uk nhs.net ox.ac.uk mit.edu stanford.edu ethz.ch cern.ch europa.eu un.org",
  "wikimedia.org mozilla.org apache.org ovhcloud.com hetzner.com scaleway.com datadoghq.com",
  "okta.com auth0.com crowdstrike.com paloaltonetworks.com fortinet.com sentinelone.com",
  "snyk.io wiz.io tailscale.com fly.io supabase.io vercel.com netlify.com figma.com canva.com",
  "notion.so linear.app huggingface.co mistral.ai x.ai anthropic.com rakuten.co.jp sony.co.jp",
  "samsung.com infosys.com tcs.com mercadolibre.com.ar nubank.com.br kaspersky.com",
  "cloud.com ge.com gm.com hp.com ms.com sk.com bp.com 3m.com ups.com ao.com al.com fmx.de bet.com",
  "cm.com",
  "deno.land bun.sh neon.tech val.town cal.com",
];

/** Companies on new and rare top-level domains, and unknown companies on real short endings. */
const RARE_ENDINGS = [
  "bulwark.security acme.security acme.cloud acme.design acme.digital acme.store acme.online",
  "acme.site acme.dev acme.app acme.xyz acme.tech acme.consulting acme.law acme.bank",
  "acme.insurance acme.global acme.group acme.software acme.systems acme.network acme.solutions",
  "acme.agency acme.berlin acme.paris acme.london acme.nyc acme.tokyo acme.swiss acme.email",
  "acme.gmbh acme.ltd acme.inc acme.llc acme.ai acme.me acme.tv acme.fm acme.gg acme.ly",
  "acme.sh acme.to acme.vc acme.ventures acme.capital acme.finance acme.health acme.energy",
  "acme.works acme.team acme.one acme.com.au acme.co.nz acme.co.za acme.com.sg acme.at acme.nl",
  "acme.be acme.fr acme.es acme.it acme.pl acme.se acme.dk acme.no acme.fi acme.cz acme.ie",
  // Real endings one slip from a common one: a company may be there.
  "acme.co acme.cm acme.om acme.cam acme.mom acme.ne acme.et acme.new acme.pet acme.vet",
  "acme.bio acme.ee acme.ge acme.re acme.do acme.is acme.in",
];

const words = (lines: string[]) => lines.join(" ").split(" ");

/** Every valid domain of the corpus: none may get a hint. */
export const VALID_DOMAINS = [...new Set(words([...PERSONAL, ...COMPANIES, ...RARE_ENDINGS]))];

/** The real domains among them (the fictional `acme.*` and `bulwark.*` left out). */
export const REAL_DOMAINS = VALID_DOMAINS.filter((domain) => !/^(acme|bulwark)\./.test(domain));

const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** The letters around `letter` on a QWERTY keyboard: beside it, and touching it above and below. */
export function keyboardNeighbours(letter: string): string[] {
  const row = KEYBOARD_ROWS.findIndex((keys) => keys.includes(letter));
  const at = KEYBOARD_ROWS[row]?.indexOf(letter) ?? -1;
  const key = (r: number, i: number) => (i < 0 ? "" : (KEYBOARD_ROWS[r]?.[i] ?? ""));
  return [
    key(row, at - 1),
    key(row, at + 1),
    key(row - 1, at),
    key(row - 1, at + 1),
    key(row + 1, at - 1),
    key(row + 1, at),
  ].filter((neighbour) => neighbour !== "");
}

export type SlipKind = "swapped" | "dropped" | "doubled" | "neighbour";

/** Each slip of `word` of each kind: two letters swapped, a letter dropped, doubled, or replaced. */
export function slipsOf(word: string): { kind: SlipKind; slip: string }[] {
  const slips: { kind: SlipKind; slip: string }[] = [];
  for (let i = 0; i < word.length; i++) {
    const before = word.slice(0, i);
    const letter = word[i] ?? "";
    const after = word.slice(i + 1);
    const next = word[i + 1];
    if (next !== undefined && next !== letter) {
      slips.push({ kind: "swapped", slip: `${before}${next}${letter}${word.slice(i + 2)}` });
    }
    slips.push({ kind: "dropped", slip: `${before}${after}` });
    slips.push({ kind: "doubled", slip: `${before}${letter}${letter}${after}` });
    for (const neighbour of keyboardNeighbours(letter)) {
      slips.push({ kind: "neighbour", slip: `${before}${neighbour}${after}` });
    }
  }
  return slips;
}

/**
 * The personal providers whose names get slips: the most used ones whose names the hint corrects.
 * Three-letter names (aol, gmx, web) get none: one slip from them is often another company's
 * domain (al.com, fmx.de), which the hint never questions.
 */
const NAME_SLIP_BASES = [
  "gmail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "icloud.com",
  "t-online.de",
  "proton.me",
];

/** The three-letter providers left out of NAME_SLIP_BASES. */
const SHORT_NAMES = ["aol.com", "gmx.de", "web.de"];

/** The domains whose endings get slips: those providers, three more, and companies' common ones. */
const ENDING_SLIP_BASES = [
  ...NAME_SLIP_BASES,
  ...SHORT_NAMES,
  "acme.com",
  "acme.net",
  "acme.org",
  "acme.de",
  "acme.io",
  "acme.co.uk",
];

export type Slip = { slip: string; expected: string; kind: SlipKind; where: "name" | "ending" };

/** `domain` with its first label (the name) or its last label (the ending) replaced. */
function withLabel(domain: string, where: "name" | "ending", label: string): string {
  const labels = domain.split(".");
  labels[where === "name" ? 0 : labels.length - 1] = label;
  return labels.join(".");
}

function slipsAt(base: string, where: "name" | "ending"): Slip[] {
  const labels = base.split(".");
  const label = (where === "name" ? labels[0] : labels[labels.length - 1]) ?? "";
  return slipsOf(label).map(({ kind, slip }) => ({
    slip: withLabel(base, where, slip),
    expected: base,
    kind,
    where,
  }));
}

/**
 * Every slip of the bases, one slip each. Not yet filtered: the test drops those that make a valid
 * domain of the corpus or an invalid address, and an ending slip that makes a real ending where no
 * provider the hint knows owns the name (`acme.co`: a company may be there).
 */
export function generatedSlips(): Slip[] {
  return [
    ...NAME_SLIP_BASES.flatMap((base) => slipsAt(base, "name")),
    ...ENDING_SLIP_BASES.flatMap((base) => slipsAt(base, "ending")),
  ];
}

/** The name slips of the three-letter providers, which the hint leaves alone: counted, not judged. */
export function shortNameSlips(): Slip[] {
  return SHORT_NAMES.flatMap((base) => slipsAt(base, "name"));
}
