// A member's time zone is their country's: the daily swipe likes reset at
// their local midnight, scheduled mail comes in their daytime, and chat shows
// times on their clock.
const zones: Record<string, string> = {
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  FR: "Europe/Paris",
  IT: "Europe/Rome",
  ES: "Europe/Madrid",
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  IE: "Europe/Dublin",
  GB: "Europe/London",
  PL: "Europe/Warsaw",
  CH: "Europe/Zurich",
  DK: "Europe/Copenhagen",
  FI: "Europe/Helsinki",
  NO: "Europe/Oslo",
  SE: "Europe/Stockholm",
  // Countries with several zones: the zone most of their people live in.
  US: "America/New_York",
  CA: "America/Toronto",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
};

export const timeZoneOf = (country: string) => zones[country] ?? "UTC";

/** The countries with a zone of their own; all others count in UTC. */
export const zonedCountries = Object.keys(zones);
