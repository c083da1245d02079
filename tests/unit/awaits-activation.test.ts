import { describe, expect, it } from "vitest";
import { awaitsActivation } from "#app/server/accounts/activation.ts";

describe("awaitsActivation", () => {
  it("holds for an account not confirmed yet, not for a visitor or any other status", () => {
    expect(awaitsActivation({ status: "not_confirmed" })).toBe(true);
    for (const status of ["active", "deleted", "banned"]) expect(awaitsActivation({ status }), status).toBe(false);
    expect(awaitsActivation(null)).toBe(false);
  });
});
