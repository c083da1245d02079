import { describe, expect, it } from "vitest";
import { mergeBySeq } from "#app/components/chat/conversation-state.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  seq,
  clientId: `client-${seq}`,
  senderId: 1,
  kind: "text",
  text: `message ${seq}`,
  gift: null,
  photo: null,
  createdAt: seq * 1000,
  held: false,
  ...extra,
});
const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);

describe("mergeBySeq", () => {
  it("shows messages in seq order, whatever order they arrive in", () => {
    expect(seqs(mergeBySeq([message(2), message(5)], [message(4), message(1), message(3)]))).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts older messages before the ones on screen", () => {
    expect(seqs(mergeBySeq([message(51), message(52)], [message(49), message(50)]))).toEqual([49, 50, 51, 52]);
  });

  it("shows a message received twice once", () => {
    const merged = mergeBySeq([message(1), message(2)], [message(2), message(3), message(3)]);
    expect(seqs(merged)).toEqual([1, 2, 3]);
  });

  it("replaces a message by its newer copy (a held message released)", () => {
    const merged = mergeBySeq([message(1), message(2, { held: true })], [message(2, { held: false })]);
    expect(merged).toEqual([message(1), message(2, { held: false })]);
  });

  it("leaves the list as it is when nothing new comes", () => {
    const current = [message(1), message(2)];
    expect(mergeBySeq(current, [])).toBe(current);
    expect(seqs(mergeBySeq([], [message(1)]))).toEqual([1]);
  });

  it("does not change the lists it was given", () => {
    const current = [message(3)];
    const incoming = [message(1)];
    mergeBySeq(current, incoming);
    expect(seqs(current)).toEqual([3]);
    expect(seqs(incoming)).toEqual([1]);
  });
});
