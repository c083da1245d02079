import { describe, expect, it } from "vitest";
import { rateLimitBucket } from "#app/server/limits/rate-limits.ts";

describe("rateLimitBucket", () => {
  it.each([
    ["POST", "/login", "auth"],
    ["POST", "/signup.data", "auth"],
    ["POST", "/reset-password/do", "auth"],
    ["POST", "/members/42", "like"],
    ["POST", "/members/42.data", "like"],
    ["POST", "/swipe-game", "like"],
    ["GET", "/api/auto-like.php", "like"],
    ["GET", "/api/settings.php", "write"],
    ["GET", "/api/chat/socket", "write"],
    ["GET", "/api/signal/socket", "write"],
    ["POST", "/api/photos", "upload"],
    ["POST", "/api/chat/photo", "upload"],
    ["POST", "/api/chat/messages", "write"],
    ["PUT", "/api/user.php", "write"],
    ["POST", "/_root.data", "write"],
    ["POST", "/notifications", "write"],
  ] as const)("%s %s counts as %s", (method, path, bucket) => {
    expect(rateLimitBucket(method, path)).toBe(bucket);
  });

  it.each([
    ["GET", "/members"],
    ["HEAD", "/"],
    ["POST", "/api/payments/webhook/sandbox"],
    ["POST", "/api/mail/events"],
  ] as const)("%s %s is not limited", (method, path) => {
    expect(rateLimitBucket(method, path)).toBeNull();
  });
});
