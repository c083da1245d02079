// POST /dev/members: a confirmed member with a session, made in one request by
// the same rules a signup and its activation link use. End-to-end journeys
// that are not about signing up start from here instead of filling the signup
// form and reading the activation mail. `language` picks the member's language
// (else the visitor's). The answer sets the session cookie and says who was
// made. Registered only in non-production builds; a developer door, which the
// page gate refuses in production as well.
import { requestContext } from "#app/context.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { signupSchema } from "#app/schemas/account.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { signUpConfirmed } from "#app/server/accounts/signup.ts";
import { isDomainError } from "#app/server/errors.ts";
import type { Route } from "./+types/dev-members";

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = context.get(requestContext);
  const fields = Object.fromEntries(await request.formData());
  const app = isLocale(fields.language) ? { ...visitor, locale: fields.language } : visitor;
  const schema = signupSchema({ minimumAge: app.settings.minimum_age, now: app.now() });
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return Response.json({ error: "invalid", issues: parsed.error.issues }, { status: 400 });
  const member = await signUpConfirmed(app, { form: parsed.data, tracking: {} }).catch((error: unknown) => {
    if (isDomainError(error)) return error;
    throw error;
  });
  if (isDomainError(member)) return Response.json({ error: member.code }, { status: member.status });
  return Response.json(
    { id: member.id, email: parsed.data.email },
    {
      status: 201,
      headers: { "Set-Cookie": sessionCookie(request, member.sessionToken), "Cache-Control": "no-store" },
    },
  );
}
