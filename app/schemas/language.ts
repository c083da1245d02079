// A language a member or visitor may choose: one of the site's locales. Shared
// by /lang-config and PUT /api/user.php.
import { z } from "zod";
import { locales } from "#app/i18n/locales.ts";

export const languageSchema = z.enum(locales);
