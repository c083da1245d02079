// A member's profile name may not be their e-mail address: signup and the
// profile form refuse it, and so does changing the address to the name, both
// when the change is asked for and when its link is used (the name may have
// changed in between).
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/resources.ts";
import { confirmEmailChange, requestEmailChange } from "#app/server/accounts/account-settings.ts";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { issueToken } from "#app/server/accounts/tokens.ts";
import { mailOutbox, profiles, users } from "#app/server/db/schema.ts";
import { accountsApp, db, failure, givenAccount, NOW, PASSWORD, sessionCookieFor } from "./fixtures.ts";

const NAME = "ann.home@example.com";

describe("changing the e-mail address", () => {
  it("refuses the member's own profile name as the new address, in any case, and sends no mail", async () => {
    const ann = await givenAccount({ name: NAME, email: "ann@example.com" });
    const { token, statement } = await startSession(db, { userId: ann, now: NOW });
    await statement;
    const member = (await findSessionMember(db, token, NOW))!;
    expect(
      await failure(
        requestEmailChange(accountsApp(), member, { email: NAME.toUpperCase(), current_password: PASSWORD }),
      ),
    ).toEqual({ code: "name_equals_email" });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, NAME))).toEqual([]);
  });

  it("answers the settings form with a 400 and the same message as the profile form", {
    timeout: 120_000,
  }, async () => {
    const ann = await givenAccount({ name: NAME, email: "ann@example.com" });
    const response = await SELF.fetch("http://localhost/notifications", {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "http://localhost",
        Cookie: await sessionCookieFor(ann),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "email", email: NAME, current_password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      (resources.nl as { validation: Record<string, string> }).validation.nameEqualsEmail!,
    );
  });

  it("refuses the link when the name became the new address after the change was asked for", async () => {
    const ann = await givenAccount({ name: "Ann", email: "ann@example.com" });
    const link = await issueToken(db, { userId: ann, purpose: "mail_change", now: NOW, newEmail: NAME });
    await link.statement;
    // The profile form compares the name with the current address only, so this rename is allowed.
    await db.update(profiles).set({ name: NAME }).where(eq(profiles.userId, ann));
    expect(await failure(confirmEmailChange(accountsApp(), link.token))).toEqual({ code: "name_equals_email" });
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, ann));
    expect(row?.email).toBe("ann@example.com");
  });
});
