// Reference data every domain needs: company info, interests, regions.
import { sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { companies, creditPackages, gifts, interests, regions } from "#app/server/db/schema.ts";
import { giftCatalogue } from "#app/server/likes/gift-catalogue.ts";
import { interestCatalogue } from "#app/server/members/interest-catalogue.ts";
import { defaultPackages } from "./data/packages.ts";
import { regionsByCountry } from "./data/regions.ts";
import { insertAll } from "./insert.ts";

const demoCompany = {
  id: 1,
  name: "Hartslag Media B.V.",
  address: "Keizersgracht 123",
  postcode: "1015 CJ",
  city: "Amsterdam",
  country: "NL",
  kvk: "87654321",
  tradenames: ["Hartslag", "Herzklopfen"],
  vatNumbers: ["NL862345678B01"],
  supportPhone: "+31 20-123 45 67",
  supportEmail: "support@hartslag.example",
  deleteDiscount: 50,
  added: Date.UTC(2024, 2, 1, 9, 0, 0),
};

export async function seedReference(db: Database, d1: D1Database) {
  await db.insert(companies).values(demoCompany).onConflictDoNothing();
  await insertAll(
    d1,
    interests,
    interestCatalogue.map((interest, position) => ({ ...interest, position })),
  );
  await insertAll(
    d1,
    gifts,
    giftCatalogue.map((gift, position) => ({ ...gift, position })),
  );
  await insertAll(d1, creditPackages, defaultPackages);
  await insertAll(
    d1,
    regions,
    Object.entries(regionsByCountry).flatMap(([country, list]) => list.map((r) => ({ country, ...r }))),
  );
  const [counts] = await db
    .select({
      interests: sql<number>`(select count(*) from interests)`,
      regions: sql<number>`(select count(*) from regions)`,
    })
    .from(sql`(select 1)`);
  return counts!;
}
