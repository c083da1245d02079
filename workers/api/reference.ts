// GET /api/interests.php, /api/regions.php, /api/companyinfo.php:
// reference data, loaded once and cached by the client.
import { Hono } from "hono";
import { z } from "zod";
import { translator } from "#app/i18n/i18next.server.ts";
import { getCompany } from "#app/server/reference/reference-data.ts";
import { interestsOffered, regionsOffered } from "#app/server/settings/offered.ts";
import type { AppEnv } from "#workers/server.ts";
import { apiError } from "./errors.ts";

const regionQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

export const referenceApi = new Hono<AppEnv>()
  .get("/interests.php", async (c) => {
    const t = translator(c.var.app.locale);
    const interests = await interestsOffered(c.var.app);
    c.header("Cache-Control", "private, max-age=3600");
    c.header("Vary", "Cookie, Accept-Language");
    return c.json({
      interests: interests.map((i) => ({
        id: i.id,
        slug: i.slug,
        icon: i.icon,
        adult: i.adult,
        name: t(`interests:${i.slug}`),
      })),
    });
  })
  .get("/regions.php", async (c) => {
    const query = regionQuery.safeParse({ country: c.req.query("country") });
    if (!query.success) return apiError(c, 400, "invalid_country", "errors:invalidCountry");
    const country = query.data.country?.toUpperCase();
    const regions = (await regionsOffered(c.var.app)).filter((r) => !country || r.country === country);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ regions });
  })
  .get("/companyinfo.php", async (c) => {
    const { db, settings, now } = c.var.app;
    const company = await getCompany(db, settings.company_id, now());
    if (!company) return apiError(c, 404, "company_not_found", "errors:companyNotFound");
    c.header("Cache-Control", "public, max-age=300");
    return c.json({
      name: company.name,
      address: company.address,
      postcode: company.postcode,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames,
      vat_numbers: company.vatNumbers,
      support_phone: company.supportPhone,
      support_email: company.supportEmail,
      delete_discount: company.deleteDiscount,
      added: new Date(company.added).toISOString(),
    });
  });
