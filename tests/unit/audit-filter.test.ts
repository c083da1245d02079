import { describe, expect, it } from "vitest";
import { auditFilterSchema } from "#app/schemas/admin.ts";

const parse = (query: string) => auditFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));

describe("the audit trail's filter", () => {
  it("filters by a known target type and an id within it", () => {
    expect(parse("type=member&id=42&page=3")).toEqual({ targetType: "member", targetId: "42", page: 3 });
  });

  it("ignores an unknown type, and an id without a type", () => {
    expect(parse("type=robot&id=42")).toEqual({ targetType: undefined, targetId: undefined, page: 1 });
    expect(parse("id=42")).toEqual({ targetType: undefined, targetId: undefined, page: 1 });
    expect(parse("type=domain&id=")).toEqual({ targetType: "domain", targetId: undefined, page: 1 });
  });

  it("keeps the id to a domain name's length and the page between 1 and 10,000", () => {
    expect(parse(`type=domain&id=${"a".repeat(300)}`).targetId).toHaveLength(253);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=99999").page).toBe(10_000);
  });
});
