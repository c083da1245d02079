// Words and phrases of distress or dependency, per language: loneliness,
// thoughts of suicide, debts, money running out, not being able to do without
// the profile. A member who writes one to a fictional profile may be
// vulnerable, so an operator should look (vulnerable.ts). Every list is
// searched whatever the member's language: people mix languages in chat.
// Matching ignores case and accents, and holds only on word boundaries
// ("eenzaamheid" is not "eenzaam", but "ik ben eenzaam." is).
import type { Locale } from "#app/i18n/locales.ts";

export const distressWords: Record<Locale, readonly string[]> = {
  nl: [
    "eenzaam",
    "ik heb niemand",
    "zelfmoord",
    "dood willen",
    "wil niet meer leven",
    "ik kan niet zonder je",
    "ik kan niet zonder jou",
    "schulden",
    "laatste geld",
    "verslaafd",
    "depressief",
  ],
  en: [
    "lonely",
    "i have no one",
    "i have nobody",
    "suicide",
    "kill myself",
    "want to die",
    "can't live without you",
    "cant live without you",
    "my last money",
    "debt",
    "debts",
    "addicted",
    "depressed",
  ],
  de: [
    "einsam",
    "ich habe niemanden",
    "selbstmord",
    "suizid",
    "will nicht mehr leben",
    "ich kann nicht ohne dich",
    "schulden",
    "mein letztes geld",
    "suchtig",
    "depressiv",
  ],
  fr: [
    "seul au monde",
    "seule au monde",
    "je n'ai personne",
    "suicide",
    "me suicider",
    "envie de mourir",
    "je ne peux pas vivre sans toi",
    "dettes",
    "mon dernier argent",
    "accro a toi",
    "deprime",
    "deprimee",
  ],
  es: [
    "solo en el mundo",
    "sola en el mundo",
    "no tengo a nadie",
    "suicidio",
    "quiero morir",
    "no puedo vivir sin ti",
    "deudas",
    "mi ultimo dinero",
    "adicto",
    "adicta",
    "deprimido",
    "deprimida",
  ],
  it: [
    "solo al mondo",
    "sola al mondo",
    "non ho nessuno",
    "suicidio",
    "voglio morire",
    "non posso vivere senza di te",
    "debiti",
    "i miei ultimi soldi",
    "dipendente da te",
    "depresso",
    "depressa",
  ],
  pl: [
    "samotny",
    "samotna",
    "nie mam nikogo",
    "samobojstwo",
    "chce umrzec",
    "nie moge bez ciebie zyc",
    "mam dlugi",
    "zadluzony",
    "zadluzona",
    "ostatnie pieniadze",
    "uzalezniony",
    "uzalezniona",
    "depresja",
  ],
  fi: [
    "yksinainen",
    "minulla ei ole ketaan",
    "itsemurha",
    "haluan kuolla",
    "en voi elaa ilman sinua",
    "velat",
    "velkaa",
    "viimeiset rahani",
    "riippuvainen",
    "masentunut",
  ],
  sv: [
    "ensam",
    "jag har ingen",
    "sjalvmord",
    "vill do",
    "jag kan inte leva utan dig",
    "skulder",
    "mina sista pengar",
    "beroende av dig",
    "deprimerad",
  ],
  da: [
    "ensom",
    "jeg har ingen",
    "selvmord",
    "vil do",
    "jeg kan ikke leve uden dig",
    "gaeld",
    "mine sidste penge",
    "afhaengig",
    "deprimeret",
  ],
  nb: [
    "ensom",
    "jeg har ingen",
    "selvmord",
    "vil do",
    "jeg kan ikke leve uten deg",
    "gjeld",
    "mine siste penger",
    "avhengig",
    "deprimert",
  ],
};

/** Lower case, without accents, every run of non-letters one space, padded: word boundaries become spaces. */
function normalised(text: string) {
  const plain = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    // Letters NFKD does not split (ł, ø, æ, ß) and the apostrophes people type.
    .replace(/ł/g, "l")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[’‘`´]/g, "'");
  return ` ${plain.replace(/[^\p{L}\p{N}']+/gu, " ").trim()} `;
}

const phrases = [...new Set(Object.values(distressWords).flat())].map((phrase) => ({
  phrase,
  padded: normalised(phrase),
}));

/** The first word or phrase of distress in a text, as listed; null when there is none. */
export function distressIn(text: string): string | null {
  const padded = normalised(text);
  return phrases.find((entry) => padded.includes(entry.padded))?.phrase ?? null;
}
