// Reporting a profile or a message: what may be reported, by whom,
// and that a second report of the same thing updates the open one.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reportSchema } from "#app/schemas/report.ts";
import { reports, users } from "#app/server/db/schema.ts";
import { isDomainError } from "#app/server/errors.ts";
import { reportMember } from "#app/server/reports/reports.ts";
import { appContext, db, givenAccount, givenCredits, NOW, sessionCookieFor } from "./fixtures.ts";

const app = appContext();
const report = (input: Record<string, unknown>) => reportSchema.parse(input);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isDomainError(error) ? error.code : error),
  );

async function conversationWithMessage() {
  const ann = await givenAccount({ name: "Ann" });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, bob));
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(app, { id: bob, paidUser: true }, ann);
  await givenCredits(bob, 5);
  const sent = await SELF.fetch("http://localhost/api/chat/messages", {
    method: "POST",
    headers: {
      Cookie: await sessionCookieFor(bob),
      Origin: "http://localhost",
      "X-Requested-With": "XMLHttpRequest",
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ conversation, message: { kind: "text", clientId: "report-me-1", text: "Stuur me geld" } }),
  });
  expect(sent.status).toBe(201);
  const { message } = (await sent.json()) as { message: { seq: number } };
  return { ann, bob, conversation, seq: message.seq };
}

describe("reporting", () => {
  it("stores a profile report for the moderation queue", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const { id } = await reportMember(app, ann, report({ member: bob, reason: "fake_profile" }));
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      reporterId: ann,
      memberId: bob,
      reason: "fake_profile",
      status: "open",
      createdAt: NOW,
    });
  });

  it("keeps one open report per thing reported, with the newest words", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const first = await reportMember(app, ann, report({ member: bob, reason: "spam" }));
    const second = await reportMember(app, ann, report({ member: bob, reason: "other", text: "Stuurt steeds links" }));
    expect(second.id).toBe(first.id);
    const rows = await db.select().from(reports).where(eq(reports.memberId, bob));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "other", text: "Stuurt steeds links" });
  });

  it("reports a message the other member sent in the reporter's conversation", async () => {
    const { ann, bob, conversation, seq } = await conversationWithMessage();
    const { id } = await reportMember(app, ann, report({ member: bob, conversation, seq, reason: "scam" }));
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ conversationId: conversation, messageSeq: seq, reason: "scam" });
  });

  it("finds the reported message in its conversation's room, which alone keeps its messages", async () => {
    const { ann, bob, conversation, seq } = await conversationWithMessage();
    const { id } = await reportMember(app, ann, report({ member: bob, conversation, seq, reason: "scam" }));
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ conversationId: conversation, messageSeq: seq });
    // Still only the other member's message: not one's own, not one that does not exist.
    expect(await refusal(reportMember(app, bob, report({ member: ann, conversation, seq, reason: "spam" })))).toBe(
      "conversation_not_found",
    );
    expect(
      await refusal(reportMember(app, ann, report({ member: bob, conversation, seq: seq + 1, reason: "spam" }))),
    ).toBe("conversation_not_found");
  });

  it("refuses what cannot be reported", async () => {
    const { ann, bob, conversation, seq } = await conversationWithMessage();
    const outsider = await givenAccount();
    // Oneself; a member who does not exist.
    expect(await refusal(reportMember(app, ann, report({ member: ann, reason: "spam" })))).toBe("not_yourself");
    expect(await refusal(reportMember(app, ann, report({ member: 999_999, reason: "spam" })))).toBe("member_not_found");
    // A conversation one is not in; one's own message; a message that does not exist.
    expect(await refusal(reportMember(app, outsider, report({ member: bob, conversation, seq, reason: "spam" })))).toBe(
      "conversation_not_found",
    );
    expect(await refusal(reportMember(app, bob, report({ member: ann, conversation, seq, reason: "spam" })))).toBe(
      "conversation_not_found",
    );
    expect(
      await refusal(reportMember(app, ann, report({ member: bob, conversation, seq: seq + 5, reason: "spam" }))),
    ).toBe("conversation_not_found");
    expect(await db.select().from(reports).where(eq(reports.memberId, bob))).toHaveLength(0);
  });

  it("asks for a reason, and for words when the reason is 'other'", () => {
    const issues = (input: Record<string, unknown>) =>
      reportSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
    expect(issues({ member: 5 })).toEqual(["reason:validation:reportReason"]);
    expect(issues({ member: 5, reason: "other", text: "kort" })).toEqual(["text:validation:reportTextNeeded"]);
    expect(issues({ member: 5, reason: "spam", conversation: 3 })).toEqual(["seq:validation:reportIncomplete"]);
    expect(issues({ member: 5, reason: "spam", text: "x".repeat(1001) })).toEqual(["text:validation:textTooLong"]);
  });
});
