// Two example domains besides localhost: a Dutch and a German site
// with their own name, logo, colours, language, niche and company, so one
// checkout shows how the product runs white-label. Reach them locally with the
// Host header (curl -H 'Host: vlinder.example') or a browser's host mapping.
import type { companies } from "#app/server/db/schema.ts";
import { fictionalProfileWords } from "#app/server/settings/defaults.ts";
import type { SiteSettingsInput } from "#app/server/settings/schema.ts";

type CompanyRow = typeof companies.$inferInsert;

export const exampleCompanies: CompanyRow[] = [
  {
    id: 2,
    name: "Vlinder Online B.V.",
    address: "Oudegracht 200",
    postcode: "3511 NR",
    city: "Utrecht",
    country: "NL",
    kvk: "91234567",
    tradenames: ["Vlinder"],
    vatNumbers: ["NL866123456B01"],
    supportPhone: "+31 30-765 43 21",
    supportEmail: "klantenservice@vlinder.example",
    deleteDiscount: 30,
    added: Date.UTC(2023, 5, 1, 9, 0, 0),
  },
  {
    id: 3,
    name: "Herzklopfen Digital GmbH",
    address: "Friedrichstraße 68",
    postcode: "10117",
    city: "Berlin",
    country: "DE",
    kvk: "HRB 245678 B",
    tradenames: ["Herzklopfen", "Herzklopfen 50+"],
    vatNumbers: ["DE312345678"],
    supportPhone: "+49 30-1234 5678",
    supportEmail: "service@herzklopfen.example",
    deleteDiscount: 40,
    // Later than 2023-12-01: its terms are dated from this day in the footer.
    added: Date.UTC(2025, 2, 15, 9, 0, 0),
  },
];

export const exampleDomains: SiteSettingsInput[] = [
  {
    name: "Vlinder",
    domain: "vlinder.example",
    logo: "/logos/vlinder.svg",
    domain_language: "nl-NL",
    niche: 0,
    index_title: {
      nl: "Vlinder – vlinders in je buik, bij jou in de buurt",
      fr: "Vlinder – des papillons dans le ventre, près de chez toi",
      en: "Vlinder – butterflies in your stomach, close to home",
    },
    description: {
      nl: "Vlinder brengt singles in Nederland en België samen: profielen bekijken, liken en direct chatten.",
      fr: "Vlinder réunit les célibataires des Pays-Bas et de Belgique : profils, likes et chat en direct.",
      en: "Vlinder brings singles in the Netherlands and Belgium together: browse, like and chat right away.",
    },
    countries: ["NL", "BE"],
    geoip_selected_country: "NL",
    support_phone: "+31 30-765 43 21",
    support_email: "klantenservice@vlinder.example",
    fictional_warning: {
      nl: "Op Vlinder zijn ook fictieve profielen actief, beheerd door medewerkers. Met hen kun je chatten, maar niet afspreken.",
      en: "Vlinder also has fictional profiles run by staff. You can chat with them, but you cannot meet them.",
      de: "Auf Vlinder gibt es auch fiktive Profile, die von unseren Mitarbeiterinnen und Mitarbeitern betreut werden. Mit ihnen kannst du chatten, aber dich nicht treffen.",
      fr: "Vlinder compte aussi des profils fictifs gérés par des membres de notre équipe. Tu peux discuter avec eux, mais pas les rencontrer.",
      es: "En Vlinder también hay perfiles ficticios gestionados por nuestros empleados. Puedes chatear con ellos, pero no quedar con ellos.",
      it: "Su Vlinder ci sono anche profili fittizi gestiti dai nostri collaboratori. Puoi chattare con loro, ma non incontrarli.",
      pl: "W serwisie Vlinder są też fikcyjne profile prowadzone przez naszych pracowników. Możesz z nimi czatować, ale nie możesz się z nimi spotkać.",
      fi: "Vlinder-palvelussa on myös fiktiivisiä profiileja, joita ylläpitävät työntekijämme. Voit keskustella heidän kanssaan, mutta et voi tavata heitä.",
      sv: "På Vlinder finns också fiktiva profiler som sköts av våra medarbetare. Du kan chatta med dem, men inte träffa dem.",
      da: "På Vlinder er der også fiktive profiler, som drives af vores medarbejdere. Du kan chatte med dem, men ikke mødes med dem.",
      nb: "På Vlinder finnes det også fiktive profiler som drives av våre medarbeidere. Du kan chatte med dem, men ikke møte dem.",
    },
    ...fictionalProfileWords,
    // Chat operators answer its fictional profiles, which like new members on their own.
    desk_staffed: true,
    fictional_auto_like: true,
    refund_days: 14,
    company_id: 2,
    mail_name: "Vlinder",
    minimum_message_costs: { NL: { costs: 1, currency: "EUR" }, BE: { costs: 1, currency: "EUR" } },
    payment_methods: {
      NL: ["ideal", "creditcard", "paypal", "banktransfer"],
      BE: ["bancontact", "creditcard", "paypal"],
    },
    theme: { primary: "#0f766e", secondary: "#7c2d12" },
  },
  {
    name: "Herzklopfen",
    domain: "herzklopfen.example",
    logo: "/logos/herzklopfen.svg",
    domain_language: "de-DE",
    // Mature dating (50+): its landers show members of that niche.
    niche: 7,
    index_title: {
      de: "Herzklopfen – Singles ab 50 in deiner Nähe",
      en: "Herzklopfen – singles over 50 near you",
      fr: "Herzklopfen – célibataires de plus de 50 ans près de chez toi",
      it: "Herzklopfen – single over 50 vicino a te",
    },
    description: {
      de: "Herzklopfen ist die Dating-Seite für Menschen ab 50 in Deutschland, Österreich und der Schweiz.",
      en: "Herzklopfen is the dating site for people over 50 in Germany, Austria and Switzerland.",
      fr: "Herzklopfen est le site de rencontre des plus de 50 ans en Allemagne, en Autriche et en Suisse.",
      it: "Herzklopfen è il sito di incontri per chi ha più di 50 anni in Germania, Austria e Svizzera.",
    },
    countries: ["DE", "AT", "CH"],
    geoip_selected_country: "DE",
    visible_locales: { CH: ["de", "fr", "it"] },
    support_phone: "+49 30-1234 5678",
    support_email: "service@herzklopfen.example",
    fictional_warning: {
      nl: "Op Herzklopfen zijn ook fictieve profielen actief, beheerd door medewerkers. Met hen kun je schrijven, maar niet afspreken.",
      en: "Herzklopfen also has fictional profiles run by staff. You can write to them, but you cannot meet them.",
      de: "Auf Herzklopfen gibt es auch fiktive Profile, die von unseren Mitarbeiterinnen und Mitarbeitern betreut werden. Mit ihnen kannst du schreiben, aber dich nicht treffen.",
      fr: "Herzklopfen compte aussi des profils fictifs gérés par des membres de notre équipe. Tu peux leur écrire, mais pas les rencontrer.",
      es: "En Herzklopfen también hay perfiles ficticios gestionados por nuestros empleados. Puedes escribirles, pero no quedar con ellos.",
      it: "Su Herzklopfen ci sono anche profili fittizi gestiti dai nostri collaboratori. Puoi scrivere loro, ma non incontrarli.",
      pl: "W serwisie Herzklopfen są też fikcyjne profile prowadzone przez naszych pracowników. Możesz do nich pisać, ale nie możesz się z nimi spotkać.",
      fi: "Herzklopfen-palvelussa on myös fiktiivisiä profiileja, joita ylläpitävät työntekijämme. Voit kirjoittaa heille, mutta et voi tavata heitä.",
      sv: "På Herzklopfen finns också fiktiva profiler som sköts av våra medarbetare. Du kan skriva till dem, men inte träffa dem.",
      da: "På Herzklopfen er der også fiktive profiler, som drives af vores medarbejdere. Du kan skrive til dem, men ikke mødes med dem.",
      nb: "På Herzklopfen finnes det også fiktive profiler som drives av våre medarbeidere. Du kan skrive til dem, men ikke møte dem.",
    },
    ...fictionalProfileWords,
    // Chat operators answer its fictional profiles, which like new members on their own.
    desk_staffed: true,
    fictional_auto_like: true,
    refund_days: 14,
    company_id: 3,
    mail_name: "Herzklopfen",
    minimum_message_costs: { DE: { costs: 1, currency: "EUR" }, CH: { costs: 1, currency: "CHF" } },
    payment_methods: {
      DE: ["creditcard", "paypal", "directdebit", "banktransfer"],
      AT: ["eps", "creditcard", "paypal"],
      CH: ["twint", "creditcard", "paypal"],
    },
    theme: { primary: "#be185d", secondary: "#4c1d95" },
  },
];
