// Which of a member's photos the profile page shows, and to whom: a visitor
// sees the main photo, a free member every public one, a premium
// member all of them. The others are locked placeholders with a way to unlock
// them (log in, or get premium), and the page carries no address of a photo
// the viewer may not see.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos, users } from "#app/server/db/schema.ts";
import { db, givenAccount, givenMember, sessionCookieFor } from "./fixtures.ts";

/** Eva: five public photos (the first is her main one), one private and one waiting for moderation. */
async function givenEva() {
  const id = await givenMember({
    name: "Eva",
    photos: [{}, {}, {}, {}, {}, { isPrivate: true }, { status: "pending" }],
  });
  const rows = await db.select().from(photos).where(eq(photos.userId, id)).orderBy(photos.position);
  return { id, photos: rows };
}

type Viewer = "visitor" | "free" | "premium";

async function viewer(kind: Viewer) {
  if (kind === "visitor") return null;
  // Active just now: the page leaves no session upkeep running after the test.
  const id = await givenAccount({ name: kind, gender: "male", lastActivity: Date.now() });
  if (kind === "premium") await db.update(users).set({ paidUser: true }).where(eq(users.id, id));
  return sessionCookieFor(id);
}

async function profilePage(memberId: number, cookie: string | null) {
  const response = await SELF.fetch(`http://localhost/members/${memberId}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Every address a photo may be served from. */
const addresses = (photo: typeof photos.$inferSelect) => [
  `/media/photos/${photo.filename}`,
  `/media/photos/${photo.thumbFilename}`,
  `/media/private/${photo.id}/`,
];
const mentions = (html: string, photo: typeof photos.$inferSelect) => addresses(photo).some((a) => html.includes(a));
const lockedCount = (html: string) => html.match(/data-testid="locked-photo"/g)?.length ?? 0;

describe("photos on a member's profile page", () => {
  it("shows a visitor the main photo only, the others locked with a way to log in or sign up", async () => {
    const eva = await givenEva();
    const html = await profilePage(eva.id, await viewer("visitor"));
    const [main, ...rest] = eva.photos;
    expect(mentions(html, main!)).toBe(true);
    for (const photo of rest) expect(mentions(html, photo), `photo ${photo.position}`).toBe(false);
    expect(lockedCount(html)).toBe(5);
    const message = /data-testid="photos-locked"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(message).toContain('href="/login?redirectTo=');
    expect(message).toContain('href="/signup?redirectTo=');
    expect(message).not.toContain('href="/premium"');
  });

  it("shows a free member every public photo, private ones locked with a premium offer", async () => {
    const eva = await givenEva();
    const html = await profilePage(eva.id, await viewer("free"));
    const [a, b, c, d, e, secret, pending] = eva.photos;
    for (const photo of [a, b, c, d, e]) expect(mentions(html, photo!), `photo ${photo!.position}`).toBe(true);
    for (const photo of [secret, pending]) expect(mentions(html, photo!), `photo ${photo!.position}`).toBe(false);
    expect(lockedCount(html)).toBe(1);
    const message = /data-testid="photos-locked"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(message).toContain('href="/premium"');
    expect(message).not.toContain('href="/login?redirectTo=');
  });

  it("shows a premium member every photo, private ones included, and nothing locked", async () => {
    const eva = await givenEva();
    const html = await profilePage(eva.id, await viewer("premium"));
    const pending = eva.photos.at(-1)!;
    for (const photo of eva.photos.slice(0, -1)) expect(mentions(html, photo), `photo ${photo.position}`).toBe(true);
    expect(mentions(html, pending)).toBe(false);
    expect(lockedCount(html)).toBe(0);
    expect(html).not.toContain('data-testid="photos-locked"');
  });
});
