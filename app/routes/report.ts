// POST /report: a member reports a profile or a message. The report
// dialog posts here from the profile and from the conversation alike.
import { parseWithZod } from "@conform-to/zod/v4";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { reportSchema } from "#app/schemas/report.ts";
import { reportMember } from "#app/server/reports/reports.ts";
import type { Route } from "./+types/report";

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: reportSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => ({
    result: submission.reply({ resetForm: true }),
    ...(await reportMember(app, member.id, submission.value)),
  }));
}
