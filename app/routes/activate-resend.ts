// POST /activate/resend: another activation mail for the logged-in member.
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { resendActivation } from "#app/server/accounts/activation.ts";
import type { Route } from "./+types/activate-resend";

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  return withDomainMessage(getI18n(context).t, () => resendActivation(app, member), { sent: false });
}
