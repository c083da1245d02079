// Erasure leaves the member at the payment provider too: their customer is
// deleted and its mandates revoked (Mollie's DELETE on both). The customer is
// put on record before anything else, and the record outlives the member until
// the provider confirms, so a provider that is down (or a crash) is finished
// by the hourly job. The data export lists the member's customers.
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { armCrash, disarmCrashes, SimulatedCrash } from "#app/server/crash-points.ts";
import { paymentCustomers, providerErasures } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import { confirmCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { memberDataExport } from "#app/server/privacy/export.ts";
import { settleProviderErasures } from "#app/server/privacy/provider-erasure.ts";
import { db, NOW } from "./fixtures.ts";
import {
  directDebitForm,
  givenMollie,
  givenPackage,
  mollieApp,
  mollieEnv,
  oldMember,
  smsCodeTo,
} from "./payment-fixtures.ts";

afterEach(() => {
  vi.restoreAllMocks();
  disarmCrashes();
});

const HOUR = 3_600_000;
const jobAt = (now: number) => ({ db, env: mollieEnv, log: createLogger("test"), now: () => now });

/** A member who paid by direct debit at Mollie: a customer with a mandate there. */
async function memberAtMollie() {
  const pkg = await givenPackage();
  const buyer = await oldMember();
  const input = directDebitForm({ package: String(pkg.id) });
  if (!input.success) throw input.error;
  const { mandateId } = await startDirectDebit(mollieApp(), buyer, input.data, "NL");
  await confirmCode(mollieApp(), buyer, { mandate: mandateId, code: (await smsCodeTo())! });
  return buyer;
}

describe("erasing a member who paid at Mollie", () => {
  it("revokes their mandates and deletes their customer at Mollie", async () => {
    const mollie = givenMollie();
    const buyer = await memberAtMollie();
    const [customer] = [...mollie.customers.keys()];
    const [mandate] = [...mollie.mandates.keys()];
    expect(await eraseMember(jobAt(NOW), buyer.id)).toMatchObject({ erased: true });
    expect(mollie.customers.size).toBe(0);
    expect(mollie.mandates.size).toBe(0);
    expect(mollie.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/v2/customers/${customer}/mandates/${mandate}`,
      `/v2/customers/${customer}`,
    ]);
    expect(await db.select().from(providerErasures)).toEqual([]);
    expect(await db.select().from(paymentCustomers)).toEqual([]);
  });

  it("keeps the customer on record when Mollie is down, and the hourly job deletes it after the member is gone", async () => {
    const mollie = givenMollie();
    const buyer = await memberAtMollie();
    mollie.fail({ kind: "down", status: 503 });
    expect(await eraseMember(jobAt(NOW), buyer.id)).toMatchObject({ erased: true });
    expect(mollie.customers.size).toBe(1);
    expect(await db.select().from(providerErasures)).toEqual([
      expect.objectContaining({ provider: "mollie", customerId: [...mollie.customers.keys()][0], attempts: 1 }),
    ]);

    // Still down an hour later: kept, tried again the next hour.
    await settleProviderErasures(jobAt(NOW + HOUR), NOW + HOUR);
    expect(await db.select().from(providerErasures)).toHaveLength(1);
    mollie.faults.length = 0;
    await settleProviderErasures(jobAt(NOW + 2 * HOUR), NOW + 2 * HOUR);
    expect(mollie.customers.size).toBe(0);
    expect(mollie.mandates.size).toBe(0);
    expect(await db.select().from(providerErasures)).toEqual([]);
  });

  it("a crash after the record: the member's erasure and the hourly job finish it, once", async () => {
    const mollie = givenMollie();
    const buyer = await memberAtMollie();
    armCrash("erasure:provider-recorded");
    await expect(eraseMember(jobAt(NOW), buyer.id)).rejects.toThrow(SimulatedCrash);
    expect(await db.select().from(providerErasures)).toHaveLength(1);
    expect(mollie.customers.size).toBe(1);

    // The purge erases the member again; the record was already there.
    await eraseMember(jobAt(NOW + HOUR), buyer.id);
    await settleProviderErasures(jobAt(NOW + 2 * HOUR), NOW + 2 * HOUR);
    expect(mollie.customers.size).toBe(0);
    expect(mollie.requests.filter((r) => r.method === "DELETE")).toHaveLength(2);
    expect(await db.select().from(providerErasures)).toEqual([]);
  });

  it("counts a customer Mollie no longer knows as deleted", async () => {
    const mollie = givenMollie();
    const buyer = await memberAtMollie();
    mollie.customers.clear();
    await eraseMember(jobAt(NOW), buyer.id);
    expect(await db.select().from(providerErasures)).toEqual([]);
  });
});

describe("the data export", () => {
  it("lists the member's customers at payment providers", async () => {
    const mollie = givenMollie();
    const buyer = await memberAtMollie();
    const zip = await memberDataExport({ db, env: mollieEnv, now: () => NOW }, buyer.id);
    const files = unzipSync(new Uint8Array(await new Response(zip!).arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]!)) as { paymentCustomers?: unknown };
    expect(data.paymentCustomers).toEqual([
      expect.objectContaining({ provider: "mollie", customerId: [...mollie.customers.keys()][0] }),
    ]);
  });
});
