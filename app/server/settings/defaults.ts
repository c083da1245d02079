// Built-in settings for a domain that has none in KV (localhost on a fresh clone).
import { type SiteSettings, type SiteSettingsInput, siteSettingsSchema } from "./schema.ts";

const builtInSettingsInput: SiteSettingsInput = {
  name: "Hartslag",
  domain: "localhost",
  domain_language: null,
  niche: 0,
  index_title: {
    nl: "Hartslag – daten en chatten met echte mensen",
    en: "Hartslag – dating and chat with real people",
    de: "Hartslag – Dating und Chat mit echten Menschen",
  },
  description: {
    nl: "Ontmoet singles bij jou in de buurt, like profielen en chat direct.",
    en: "Meet singles near you, like profiles and chat right away.",
    de: "Triff Singles in deiner Nähe, like Profile und chatte sofort.",
  },
  signups: "all",
  logged_out_search: true,
  geoip_selected_country: "NL",
  enable_site_entry_popup: "yes",
  countries: [
    "NL",
    "BE",
    "DE",
    "AT",
    "CH",
    "FR",
    "IT",
    "ES",
    "GB",
    "IE",
    "US",
    "CA",
    "PL",
    "DK",
    "FI",
    "NO",
    "SE",
    "AU",
    "NZ",
  ],
  minimum_message_costs: { NL: { costs: 1, currency: "EUR" } },
  support_phone: "+31 20-123 45 67",
  support_email: "support@hartslag.example",
  fictional_icon: "theater",
  fictional_warning: {
    nl: "Sommige profielen op deze site zijn fictief en worden beheerd door medewerkers. Met hen kun je niet afspreken.",
    en: "Some profiles on this site are fictional and run by staff. You cannot meet them in person.",
    de: "Einige Profile auf dieser Seite sind fiktiv und werden von Mitarbeitern betreut. Ein Treffen ist nicht möglich.",
  },
  fictional_singular: { nl: "fictief profiel", en: "fictional profile", de: "fiktives Profil" },
  fictional_plural: { nl: "fictieve profielen", en: "fictional profiles", de: "fiktive Profile" },
  // The demo answers its fictional profiles: a desk is staffed, and they like new members.
  desk_staffed: true,
  fictional_auto_like: true,
  company_id: 1,
  mail_name: "Hartslag",
  payment_methods: {
    NL: ["ideal", "creditcard", "paypal", "directdebit", "banktransfer"],
    BE: ["bancontact", "creditcard", "paypal", "banktransfer"],
    DE: ["creditcard", "paypal", "directdebit", "banktransfer"],
  },
};

export const builtInSettings: SiteSettings = siteSettingsSchema.parse(builtInSettingsInput);
