// POST /activate/resend: another activation mail for the logged-in member.
import { data } from "react-router";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { resendActivation } from "#app/server/accounts/activation.ts";
import { requireMember } from "#app/server/accounts/guards.ts";
import { isDomainError } from "#app/server/errors.ts";
import type { Route } from "./+types/activate-resend";

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  try {
    return await resendActivation(app, member);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ sent: false, message: getI18n(context).t(error.messageKey, error.params) }, { status: error.status });
  }
}
