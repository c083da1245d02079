// Default credit packages (domain "*"), four per country in its currency: the
// styles p0–p3, the second one "popular". Prices end the way local
// shops end them.
import { currencyOf } from "#app/server/payments/catalogue.ts";

const credits = [25, 60, 150, 300] as const;
const pricesByCurrency: Record<string, readonly number[]> = {
  EUR: [995, 1995, 4495, 7995],
  GBP: [899, 1699, 3899, 6999],
  USD: [1099, 2199, 4899, 8699],
  CAD: [1499, 2999, 6599, 11_799],
  AUD: [1599, 3299, 7299, 12_999],
  NZD: [1799, 3499, 7999, 13_999],
  CHF: [995, 1995, 4495, 7995],
  DKK: [7500, 14_900, 33_500, 59_500],
  NOK: [11_500, 22_900, 51_900, 92_900],
  SEK: [11_500, 22_900, 51_900, 92_900],
  PLN: [4299, 8599, 19_399, 34_499],
};

export const defaultPackages = Object.entries(currencyOf).flatMap(([country, currency]) =>
  credits.map((amount, i) => ({
    domain: "*",
    country,
    currency,
    credits: amount,
    priceCents: pricesByCurrency[currency]![i]!,
    style: (["p0", "p1", "p2", "p3"] as const)[i]!,
    popular: i === 1,
  })),
);
