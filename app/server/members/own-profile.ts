// A member's own profile (/profile): every profile field, the
// interests (only those the domain offers), and how complete it is (the
// enrich-profile alert asks for more); and the step after signup, where the new
// member says where they live and something about themselves.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import type { ownProfileSchema } from "#app/schemas/profile.ts";
import { setLocation } from "#app/server/accounts/account-settings.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { interests, profileInterests, profiles, regions } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { offeredInterests } from "#app/server/settings/offered.ts";

export type OwnProfileInput = z.output<typeof ownProfileSchema>;

/** The step after signup: where the member lives (checked as in the settings), and something about themselves. */
export async function completeSignup(
  app: Pick<RequestContext, "db" | "settings">,
  member: SessionMember,
  input: { country: string; regionId: number | null; about: string },
) {
  await setLocation(app, member, input);
  await app.db.update(profiles).set({ about: input.about }).where(eq(profiles.userId, member.id));
}

export async function ownProfile(app: Pick<RequestContext, "db">, memberId: number) {
  const [[profile], chosen] = await app.db.batch([
    app.db.select().from(profiles).where(eq(profiles.userId, memberId)),
    app.db
      .select({ slug: interests.slug })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(eq(profileInterests.userId, memberId))
      .orderBy(asc(interests.position)),
  ]);
  if (!profile) throw new DomainError("member_not_found");
  return { profile, interests: chosen.map((i) => i.slug) };
}

/** Replaces the profile's fields and interests in one transaction. */
export async function updateOwnProfile(
  app: Pick<RequestContext, "db" | "settings">,
  member: SessionMember,
  input: OwnProfileInput,
) {
  if (!app.settings.countries.includes(input.country)) throw new DomainError("invalid_input");
  const [regionRows, knownInterests] = await app.db.batch([
    app.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.id, input.region ?? -1), eq(regions.country, input.country))),
    app.db
      .select({ id: interests.id, slug: interests.slug })
      .from(interests)
      .where(inArray(interests.slug, input.interests.length ? input.interests : ["-"])),
  ]);
  if (input.region !== null && regionRows.length === 0) throw new DomainError("invalid_input");
  // Only what the form offers on this domain; an unknown or left-out slug refuses the whole save.
  const interestRows = offeredInterests(app.settings, knownInterests);
  if (interestRows.length !== new Set(input.interests).size) throw new DomainError("interest_not_offered");

  await app.db.batch([
    app.db
      .update(profiles)
      .set({
        name: input.name,
        gender: input.gender,
        seeking: input.seeking,
        sexuality: input.sexuality,
        country: input.country,
        regionId: input.region,
        hairColour: input.hair_colour,
        eyeColour: input.eye_colour,
        bodyType: input.body_type,
        relationshipStatus: input.relationship_status,
        tattoos: input.tattoos,
        heightCm: input.height_cm,
        about: input.about,
      })
      .where(eq(profiles.userId, member.id)),
    app.db.delete(profileInterests).where(eq(profileInterests.userId, member.id)),
    ...(interestRows.length
      ? [app.db.insert(profileInterests).values(interestRows.map((i) => ({ userId: member.id, interestId: i.id })))]
      : []),
  ]);
}

/** What an inviting profile still lacks (the enrich-profile alert). */
export function missingForCompleteProfile(input: { hasPhoto: boolean; about: string; interestCount: number }) {
  const missing: ("photo" | "about" | "interests")[] = [];
  if (!input.hasPhoto) missing.push("photo");
  if (input.about.trim().length < 20) missing.push("about");
  if (input.interestCount < 3) missing.push("interests");
  return missing;
}
