// Demo members: spread over genders, sexualities, countries, regions, ages
// 18–75, looks, relationship statuses and interests, with profile texts in their
// country's language and a portrait each; some are fictional (and say so).
import { localesByCountry } from "#app/i18n/locales.ts";
import {
  bodyTypes,
  eyeColours,
  type Gender,
  type HairColour,
  hairColours,
  relationshipStatuses,
  type Sexuality,
} from "#app/schemas/enums.ts";
import { UNUSABLE_PASSWORD_HASH } from "#app/server/accounts/password.ts";
import { createDb } from "#app/server/db/client.ts";
import { photos, profileInterests, profiles, regions, users } from "#app/server/db/schema.ts";
import { interestCatalogue } from "#app/server/members/interest-catalogue.ts";
import { refreshHasPhoto } from "#app/server/photos/has-photo.ts";
import { firstNames } from "./data/names.ts";
import { profileTexts } from "./data/profile-texts.ts";
import { insertAll } from "./insert.ts";
import { drawPortrait } from "./portraits.ts";
import type { Random } from "./random.ts";

const DAY = 86_400_000;

const countryWeights = [
  ["NL", 30],
  ["BE", 10],
  ["DE", 14],
  ["AT", 3],
  ["CH", 3],
  ["FR", 5],
  ["IT", 4],
  ["ES", 4],
  ["GB", 5],
  ["IE", 2],
  ["US", 5],
  ["CA", 2],
  ["PL", 3],
  ["DK", 2],
  ["FI", 2],
  ["NO", 2],
  ["SE", 2],
  ["AU", 1],
  ["NZ", 1],
] as const;

export interface SeedMember {
  user: typeof users.$inferInsert;
  profile: typeof profiles.$inferInsert;
  photos: (typeof photos.$inferInsert & { svg: string })[];
  interestIds: number[];
}

export interface MemberOptions {
  id: number;
  email?: string;
  passwordHash?: string;
  name?: string;
  gender?: Gender;
  country?: string;
  paidUser?: boolean;
  fictional?: boolean;
  /** Benchmarks at 100k members skip the portraits (R2 writes dominate seeding). */
  withPhotos?: boolean;
  /** With photo rows in D1 but no portrait files in R2 (the search benchmark's members). */
  photoFiles?: boolean;
}

function sexualityAndSeeking(random: Random, gender: Gender): { sexuality: Sexuality; seeking: Gender } {
  const other: Gender = gender === "male" ? "female" : "male";
  const sexuality = random.weighted<Sexuality>([
    ["hetero", 78],
    [gender === "male" ? "gay" : "lesbian", 12],
    ["bi", 10],
  ]);
  if (sexuality === "hetero") return { sexuality, seeking: other };
  if (sexuality === "bi") return { sexuality, seeking: random.pick([gender, other]) };
  return { sexuality, seeking: gender };
}

function birthDate(random: Random, now: number): string {
  // More members in their 20s–40s than in their 60s–70s.
  const age = random.weighted([
    [random.int(18, 29), 30],
    [random.int(30, 44), 35],
    [random.int(45, 59), 22],
    [random.int(60, 75), 13],
  ]);
  const born = new Date(now - age * 365.25 * DAY - random.int(0, 364) * DAY);
  return born.toISOString().slice(0, 10);
}

function about(random: Random, country: string): string {
  const locale = localesByCountry[country]?.[0] ?? "en";
  const texts = profileTexts[locale as keyof typeof profileTexts];
  return [random.pick(texts.openers), random.pick(texts.middles), random.pick(texts.closers)].join(" ");
}

/** What generateMember draws from: each country's region ids, and the interest ids (everyday and adult). */
export async function memberLookups(db: ReturnType<typeof createDb>) {
  const regionRows = await db.select({ id: regions.id, country: regions.country }).from(regions);
  const regionIds = new Map<string, number[]>();
  for (const r of regionRows) regionIds.set(r.country, [...(regionIds.get(r.country) ?? []), r.id]);
  const interestIds = {
    everyday: interestCatalogue.flatMap((i, index) => (i.adult ? [] : [index + 1])),
    adult: interestCatalogue.flatMap((i, index) => (i.adult ? [index + 1] : [])),
  };
  return { regionIds, interestIds };
}

export function generateMember(
  random: Random,
  now: number,
  regionIds: Map<string, number[]>,
  interestIds: { everyday: number[]; adult: number[] },
  options: MemberOptions,
): SeedMember {
  const country = options.country ?? random.weighted(countryWeights);
  const gender = options.gender ?? random.pick<Gender>(["female", "male"]);
  const { sexuality, seeking } = sexualityAndSeeking(random, gender);
  const names = firstNames[country] ?? firstNames.GB!;
  const hairColour = random.pick<HairColour>(
    gender === "female" ? hairColours.filter((h) => h !== "bald") : hairColours,
  );
  const online = random.chance(0.12);
  const lastActivity = online ? now - random.int(0, 9 * 60_000) : now - random.int(10 * 60_000, 30 * DAY);
  const signupDate = lastActivity - random.int(0, 400) * DAY;
  const regions = regionIds.get(country) ?? [];

  const photoCount = random.weighted([
    [1, 55],
    [2, 20],
    [3, 15],
    [4, 10],
  ]);
  const memberPhotos = Array.from({ length: options.withPhotos === false ? 0 : photoCount }, (_, position) => {
    const filename = `seed/${options.id}-${position}-${Math.floor(random.next() * 1e9).toString(36)}.svg`;
    return {
      userId: options.id,
      filename,
      thumbFilename: filename,
      contentType: "image/svg+xml",
      status: "active" as const,
      isPrivate: position > 0 && random.chance(0.4),
      width: 280,
      height: 280,
      position,
      createdAt: signupDate + position * DAY,
      svg: options.photoFiles === false ? "" : drawPortrait(random, gender, hairColour),
    };
  });

  return {
    user: {
      id: options.id,
      email: options.email ?? `member${options.id}@members.hartslag.example`,
      passwordHash: options.passwordHash ?? UNUSABLE_PASSWORD_HASH,
      status: "active",
      // Credits come from records only (demo-accounts.ts): D1 holds a copy of their sum.
      credits: 0,
      paidUser: options.paidUser ?? false,
      language: localesByCountry[country]?.[0] ?? "en",
      domain: "localhost",
      signupDate,
      confirmedAt: signupDate + 60_000,
      lastLoginAt: lastActivity,
    },
    profile: {
      userId: options.id,
      name: options.name ?? random.pick(names[gender]),
      gender,
      seeking,
      sexuality,
      dateOfBirth: birthDate(random, now),
      country,
      regionId: regions.length ? random.pick(regions) : null,
      hairColour,
      eyeColour: random.pick(eyeColours),
      bodyType: random.weighted([
        [bodyTypes[0], 30],
        [bodyTypes[1], 50],
        [bodyTypes[2], 20],
      ]),
      relationshipStatus: random.weighted([
        [relationshipStatuses[4], 45],
        [relationshipStatuses[0], 18],
        [relationshipStatuses[3], 12],
        [relationshipStatuses[1], 8],
        [relationshipStatuses[2], 10],
        [relationshipStatuses[5], 7],
      ]),
      tattoos: random.chance(0.3),
      heightCm: gender === "female" ? random.int(152, 185) : random.int(163, 200),
      about: about(random, country),
      fictional: options.fictional ?? random.chance(0.15),
      status: "active",
      searchable: 1,
      mainPhotoId: null,
      lastActivity,
    },
    photos: memberPhotos,
    interestIds: [
      ...random.sample(interestIds.everyday, random.int(3, 7)),
      ...(random.chance(0.35) ? random.sample(interestIds.adult, random.int(1, 3)) : []),
    ],
  };
}

/** Writes members, their photos (D1 rows and R2 objects) and interests. */
export async function insertMembers(d1: D1Database, bucket: R2Bucket, members: SeedMember[]) {
  await insertAll(
    d1,
    users,
    members.map((m) => m.user),
  );
  await insertAll(
    d1,
    profiles,
    members.map((m) => m.profile),
  );
  const photoRows = members.flatMap((m) => m.photos);
  await insertAll(
    d1,
    photos,
    photoRows.map(({ svg: _svg, ...row }) => row),
  );
  await insertAll(
    d1,
    profileInterests,
    members.flatMap((m) => m.interestIds.map((interestId) => ({ userId: m.user.id!, interestId }))),
  );
  // Main photo: each member's first photo (position 0); whether it shows, as the photo rules keep it.
  await d1.exec(MAIN_PHOTO_SQL);
  await refreshHasPhoto(createDb(d1));
  const queue = photoRows.filter((photo) => photo.svg);
  const workers = Array.from({ length: 64 }, async () => {
    for (let photo = queue.shift(); photo; photo = queue.shift()) {
      await bucket.put(photo.filename, photo.svg, { httpMetadata: { contentType: "image/svg+xml" } });
    }
  });
  await Promise.all(workers);
}

const MAIN_PHOTO_SQL =
  "UPDATE profiles SET main_photo_id = (SELECT id FROM photos WHERE photos.user_id = profiles.user_id AND photos.position = 0) WHERE main_photo_id IS NULL;";
