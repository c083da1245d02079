// A conversation as the desk shows it to the operator who opens it (and
// claims it by opening): the member's public profile, the messages as the
// fictional profile's side of the room holds them (newest at the bottom), the
// fictional profile's own facts the operator must stay consistent with, and
// whether the member asked for a real person, with the honest answer then.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { interests, photos, profileInterests, profiles, regions } from "#app/server/db/schema.ts";
import { ageOn } from "#app/server/members/age.ts";
import { photoUrl } from "#app/server/members/photo-url.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { claimConversation } from "./claims.ts";
import { honestAnswer, realPersonQuestionPending } from "./honesty.ts";
import { type DeskSides, deskSides } from "./sides.ts";

/** Name, age, where, about, main public photo and interests of both sides, in one round trip. */
async function profileFacts(app: OperatorContext, sides: DeskSides) {
  const ids = [sides.member.id, sides.fictional.id];
  const [rows, interestRows] = await app.db.batch([
    app.db
      .select({
        id: profiles.userId,
        name: profiles.name,
        gender: profiles.gender,
        dateOfBirth: profiles.dateOfBirth,
        city: profiles.city,
        // Named apart: D1 answers a batch's rows by column name, and regions and photos share some.
        region: sql<string | null>`${regions.name}`.as("region_name"),
        about: profiles.about,
        photoFile: sql<string | null>`${photos.filename}`.as("photo_file"),
        photoPublic: sql<number | null>`${photos.status} = 'active' and ${photos.isPrivate} = 0`.as("photo_public"),
      })
      .from(profiles)
      .leftJoin(regions, eq(regions.id, profiles.regionId))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(inArray(profiles.userId, ids)),
    app.db
      .select({ userId: profileInterests.userId, slug: interests.slug })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(inArray(profileInterests.userId, ids))
      .orderBy(asc(interests.position)),
  ]);
  const facts = (id: number) => {
    const row = rows.find((r) => r.id === id)!;
    // Only a photo anyone may see: the desk shows what the member shows the world.
    const publicPhoto = row.photoPublic ? row.photoFile : null;
    return {
      id,
      name: row.name,
      gender: row.gender,
      age: ageOn(row.dateOfBirth, app.now()),
      place: [row.city, row.region].filter(Boolean).join(", "),
      about: row.about,
      photo: publicPhoto ? photoUrl(publicPhoto, sides.memberSettings.cdn_prefix) : null,
      interests: interestRows.filter((r) => r.userId === id).map((r) => r.slug),
    };
  };
  return { member: facts(sides.member.id), fictional: facts(sides.fictional.id) };
}

/** The newest page of messages, as the fictional profile's side sees them. */
async function history(sides: DeskSides): Promise<ChatMessage[]> {
  const frame = await sides.room.history(sides.fictional.id, {});
  return frame.type === "messages" ? frame.messages : [];
}

/** Opens a conversation at the desk: claims it for this operator unless another holds it. */
export async function openDeskConversation(app: OperatorContext, conversationId: number) {
  authorize(app.operator, "desk");
  const sides = await deskSides(app, conversationId);
  const [claim, facts, messages] = await Promise.all([
    claimConversation(app, conversationId),
    profileFacts(app, sides),
    history(sides),
  ]);
  const questionPending = await realPersonQuestionPending(app, sides, messages);
  return {
    conversationId,
    domain: sides.member.domain,
    memberLocale: sides.member.locale,
    ...facts,
    messages: messages.map((m) => ({
      seq: m.seq,
      fromMember: m.senderId === sides.member.id,
      fromSite: m.senderId !== sides.member.id && m.senderId !== sides.fictional.id,
      kind: m.kind,
      text: m.text,
      gift: m.gift,
      createdAt: m.createdAt,
    })),
    claim,
    questionPending,
    honestAnswer: honestAnswer(sides),
    maxLength: sides.memberSettings.message_length,
  };
}
