// Payments API. Which code a member may see or use is the discount rule's
// answer (payments/discounts.ts); a refused typed code says why.
//   GET  /api/discountcode.php[?code=&…|?welcome=true] → the member's active code, a typed one, or the welcome code
//   GET  /api/timebonus                                → { code, expires_at, seconds_left } or { time_bonus: null }
//   POST /api/payments/webhook/:provider (id=<ref>)    → applies the provider's status (idempotent); asks the
//                                                        provider at most 20 times a payment a UTC day, then
//                                                        answers from D1
//   GET  /api/payments/:id                             → { payment_id, status, credits, method } of the member's own payment
import { Hono } from "hono";
import { z } from "zod";
import { handleWebhook, ownPayment } from "#app/server/payments/checkout.ts";
import { askedCode, discountJson, timeBonus } from "#app/server/payments/discounts.ts";
import type { AppEnv } from "#workers/server.ts";
import { readBody, requireMember } from "./auth.ts";
import { answer, validationError } from "./errors.ts";

const codeQuery = z.object({ code: z.string().trim().min(1).max(40).optional(), welcome: z.string().optional() });
const refBody = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{3,64}$/) });

export const paymentsApi = new Hono<AppEnv>()
  .get("/discountcode.php", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const parsed = codeQuery.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    const app = c.var.app;
    c.header("Cache-Control", "no-store");
    return answer(c, async () => {
      const { code: typed, welcome } = parsed.data;
      const code = await askedCode(app, member, { code: typed, welcome: welcome !== undefined });
      return c.json({ discountcode: code ? discountJson(code, app.now()) : null });
    });
  })
  .get("/timebonus", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    const bonus = await timeBonus(c.var.app, member);
    c.header("Cache-Control", "no-store");
    if (!bonus?.expiresAt) return c.json({ time_bonus: null });
    const now = c.var.app.now();
    return c.json({
      time_bonus: {
        code: bonus.code,
        percentage: bonus.valuePercentage,
        expires_at: new Date(bonus.expiresAt).toISOString(),
        seconds_left: Math.max(0, Math.floor((bonus.expiresAt - now) / 1000)),
      },
    });
  })
  .post("/payments/webhook/:provider{sandbox|mollie}", async (c) => {
    const parsed = refBody.safeParse(await readBody(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return answer(c, async () =>
      c.json({ ok: true, status: await handleWebhook(c.var.app, c.req.param("provider"), parsed.data.id) }),
    );
  })
  .get("/payments/:id{[0-9]{1,12}}", async (c) => {
    const member = requireMember(c);
    if (member instanceof Response) return member;
    return answer(c, async () => {
      const payment = await ownPayment(c.var.app, member.id, Number(c.req.param("id")));
      c.header("Cache-Control", "no-store");
      return c.json({
        payment_id: payment.id,
        status: payment.status,
        credits: payment.credits,
        method: payment.method,
      });
    });
  });
