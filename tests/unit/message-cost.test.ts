import { describe, expect, it } from "vitest";
import { messageCost } from "#app/server/chat/costs.ts";

const settings = {
  message_credits: 1,
  photo_credits: 2,
  gift_credits: 5,
  minimum_message_costs: {
    GB: { costs: 3, currency: "GBP" },
    NL: { costs: 0, currency: "EUR" },
  },
};

describe("messageCost", () => {
  it("charges the domain's price for each kind of message", () => {
    expect(messageCost(settings, "text", "DE")).toBe(1);
    expect(messageCost(settings, "photo", "DE")).toBe(2);
    expect(messageCost(settings, "gift", "DE")).toBe(5);
  });

  it("raises a message to the minimum of the sender's country", () => {
    expect(messageCost(settings, "text", "GB")).toBe(3);
    expect(messageCost(settings, "photo", "GB")).toBe(3);
  });

  it("never lowers a price below the domain's own", () => {
    expect(messageCost(settings, "gift", "GB")).toBe(5);
    expect(messageCost(settings, "text", "NL")).toBe(1);
  });

  it("keeps free messages free where no minimum applies", () => {
    expect(messageCost({ ...settings, message_credits: 0 }, "text", "DE")).toBe(0);
    expect(messageCost({ ...settings, message_credits: 0 }, "text", "GB")).toBe(3);
  });
});
