// POST /dev/members, the local tool end-to-end journeys start from: one
// request makes a confirmed, searchable member with a session, by the rules a
// signup and its activation link use, and refuses what signup refuses.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, users } from "#app/server/db/schema.ts";
import { db } from "./fixtures.ts";

const make = (fields: Record<string, string>) =>
  SELF.fetch("http://localhost/dev/members", {
    method: "POST",
    headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const member = {
  gender: "male",
  seeking: "female",
  name: "Bram",
  email: "bram@e2e.example",
  date_of_birth: "1992-06-15",
  password: "e2e-secret-password",
};

describe("POST /dev/members", () => {
  it("makes a confirmed member in the language asked for, logged in by the answer's cookie", async () => {
    const response = await make({ ...member, language: "de" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ email: "bram@e2e.example", status: "active", language: "de" });
    expect(user!.confirmedAt).not.toBeNull();
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile).toMatchObject({ name: "Bram", status: "active" });
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const me = await SELF.fetch("http://localhost/api/user.php", { headers: { Cookie: cookie } });
    expect(((await me.json()) as { user: { profile: { id: number } } }).user.profile.id).toBe(id);
  });

  it("refuses what signup refuses: a name equal to the e-mail address, an address already taken", async () => {
    expect((await make({ ...member, name: member.email })).status).toBe(400);
    expect((await make(member)).status).toBe(201);
    expect((await make(member)).status).toBe(409);
  });
});
