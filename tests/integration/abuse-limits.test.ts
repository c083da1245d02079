// Limits on what costs money or storage that had none: mails to an address a
// member or a visitor types, push subscriptions a member registers, checkouts
// that each ask the payment provider for a payment. Each limit is taken in the
// statement that writes (docs/abuse-limits.md), so requests sent at the same
// moment get no more than requests sent one after another: the product limits
// of a free member's conversations and the daily swipe likes too.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestEmailChange } from "#app/server/accounts/account-settings.ts";
import { resendActivation } from "#app/server/accounts/activation.ts";
import { closeAccount, requestReactivation } from "#app/server/accounts/deletion.ts";
import { requestPasswordReset } from "#app/server/accounts/password-reset.ts";
import { startConversation } from "#app/server/chat/conversations.ts";
import {
  conversations,
  likes,
  mailOutbox,
  payments,
  pushSubscriptions,
  sandboxPayments,
} from "#app/server/db/schema.ts";
import { likeMember } from "#app/server/likes/likes.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { savePushSubscription } from "#app/server/push/subscriptions.ts";
import { accountsApp, appContext, db, failure, givenAccount, givenMember, NOW, PASSWORD } from "./fixtures.ts";
import { givenPackage, member } from "./payment-fixtures.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (time: number) => accountsApp({ now: () => time });
const mailsOf = async (template: string) =>
  (await db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.template, template))).length;
const outcomes = async (promises: Promise<unknown>[]) => (await Promise.all(promises.map(failure))).map((o) => o?.code);

describe("confirmation mails for a new e-mail address", () => {
  it("sends a member at most 3 a day, to whatever addresses they type", async () => {
    const ann = await member(await givenAccount({ email: "ann@example.com" }));
    for (const n of [1, 2, 3]) {
      expect(
        await failure(requestEmailChange(at(NOW), ann, { email: `new${n}@example.com`, current_password: PASSWORD })),
      ).toBeNull();
    }
    expect(
      await failure(requestEmailChange(at(NOW + HOUR), ann, { email: "new4@example.com", current_password: PASSWORD })),
    ).toEqual({ code: "mail_change_limit" });
    expect(await mailsOf("mail_change")).toBe(3);
    // A day after the first, one more may go.
    expect(
      await failure(
        requestEmailChange(at(NOW + DAY + 1), ann, { email: "new4@example.com", current_password: PASSWORD }),
      ),
    ).toBeNull();
  });

  it("gives requests sent at the same moment no more mails", async () => {
    const ann = await member(await givenAccount({ email: "ann@example.com" }));
    const asked = [1, 2, 3, 4, 5, 6].map((n) =>
      requestEmailChange(at(NOW), ann, { email: `new${n}@example.com`, current_password: PASSWORD }),
    );
    expect((await outcomes(asked)).filter((code) => code === "mail_change_limit")).toHaveLength(3);
    expect(await mailsOf("mail_change")).toBe(3);
  });
});

describe("reactivation links for a deleted account", () => {
  it("mails at most 3 a day, the deletion mail's included, whoever types the address", async () => {
    const ann = await givenAccount({ email: "ann@example.com", name: "Ann" });
    await closeAccount(at(NOW), { id: ann, email: "ann@example.com", name: "Ann" });
    expect(await failure(requestReactivation(at(NOW + 1), "ann@example.com"))).toBeNull();
    expect(await failure(requestReactivation(at(NOW + 2), "ann@example.com"))).toBeNull();
    expect(await failure(requestReactivation(at(NOW + 3), "ann@example.com"))).toEqual({ code: "reactivation_limit" });
    expect(await mailsOf("account_deleted")).toBe(1);
    expect(await mailsOf("reactivation")).toBe(2);
    expect(await failure(requestReactivation(at(NOW + DAY + 1), "ann@example.com"))).toBeNull();
  });

  it("gives requests sent at the same moment no more mails", async () => {
    await givenAccount({ email: "ann@example.com", status: "deleted", deletedAt: NOW - DAY });
    const asked = [1, 2, 3, 4, 5, 6].map(() => requestReactivation(at(NOW), "ann@example.com"));
    expect((await outcomes(asked)).filter((code) => code === "reactivation_limit")).toHaveLength(3);
    expect(await mailsOf("reactivation")).toBe(3);
  });
});

describe("the daily limits of activation and password reset mails", () => {
  it("hold for requests sent at the same moment", async () => {
    const ann = await member(await givenAccount({ email: "ann@example.com", status: "not_confirmed" }));
    const resends = [1, 2, 3, 4, 5, 6, 7, 8].map(() => resendActivation(at(NOW), ann));
    expect((await outcomes(resends)).filter((code) => code === "resend_limit")).toHaveLength(3);
    expect(await mailsOf("activation")).toBe(5);

    await givenAccount({ email: "bob@example.com" });
    const resets = [1, 2, 3, 4, 5, 6].map(() => requestPasswordReset(at(NOW), "bob@example.com"));
    expect((await outcomes(resets)).filter((code) => code === "reset_limit")).toHaveLength(3);
    expect(await mailsOf("password_reset")).toBe(3);
  });
});

describe("push subscriptions", () => {
  const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };

  it("keeps a member's 10 newest browsers: an eleventh subscription forgets the oldest", async () => {
    const ann = await givenAccount();
    for (let n = 1; n <= 12; n++) {
      await savePushSubscription(at(NOW + n), ann, { endpoint: `https://fcm.googleapis.com/fcm/send/ann-${n}`, keys });
    }
    const rows = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ann));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `https://fcm.googleapis.com/fcm/send/ann-${n}`).sort(),
    );
  });

  it("does not count another member's browsers", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    for (let n = 1; n <= 10; n++) {
      await savePushSubscription(at(NOW + n), ann, { endpoint: `https://fcm.googleapis.com/fcm/send/ann-${n}`, keys });
    }
    await savePushSubscription(at(NOW + 20), bob, { endpoint: "https://fcm.googleapis.com/fcm/send/bob", keys });
    const [annRows] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ann));
    expect(annRows?.n).toBe(10);
  });
});

describe("checkouts", () => {
  const order = (packageId: number) => ({ packageId, method: "ideal", country: "NL" });

  it("starts at most 10 payments a member an hour at the provider", async () => {
    const pkg = await givenPackage();
    const ann = await member(await givenAccount());
    for (let n = 0; n < 10; n++) expect(await failure(startCheckout(at(NOW + n), ann, order(pkg.id)))).toBeNull();
    expect(await failure(startCheckout(at(NOW + HOUR / 2), ann, order(pkg.id)))).toEqual({ code: "checkout_limit" });
    expect(await db.select({ n: count() }).from(payments)).toEqual([{ n: 10 }]);
    expect(await db.select({ n: count() }).from(sandboxPayments)).toEqual([{ n: 10 }]);
    // An hour after the first, one more may start.
    expect(await failure(startCheckout(at(NOW + HOUR), ann, order(pkg.id)))).toBeNull();
  });

  it("gives checkouts sent at the same moment no more", async () => {
    const pkg = await givenPackage();
    const ann = await member(await givenAccount());
    const started = Array.from({ length: 14 }, () => startCheckout(at(NOW), ann, order(pkg.id)));
    expect((await outcomes(started)).filter((code) => code === "checkout_limit")).toHaveLength(4);
    expect(await db.select({ n: count() }).from(sandboxPayments)).toEqual([{ n: 10 }]);
  });
});

describe("product limits under requests sent at the same moment", () => {
  it("lets a free member start 2 conversations, however many they open at once", async () => {
    const ann = await givenAccount({ gender: "male" });
    const others = await Promise.all(Array.from({ length: 6 }, () => givenMember()));
    const started = others.map((other) => startConversation(appContext(), { id: ann, paidUser: false }, other));
    expect((await outcomes(started)).filter((code) => code === "premium_only")).toHaveLength(4);
    expect(await db.select({ n: count() }).from(conversations).where(eq(conversations.createdBy, ann))).toEqual([
      { n: 2 },
    ]);
  });

  it("counts swipe likes sent at once against the daily limit", async () => {
    const ann = await member(await givenAccount({ gender: "male" }));
    const others = await Promise.all(Array.from({ length: 8 }, () => givenMember()));
    const liked = others.map((other) => likeMember(appContext({ swipe_likes_per_day: 4 }), ann, other, "swipe"));
    expect((await outcomes(liked)).filter((code) => code === "swipe_limit")).toHaveLength(4);
    expect(await db.select({ n: count() }).from(likes).where(eq(likes.likerId, ann.id))).toEqual([{ n: 4 }]);
  });
});
