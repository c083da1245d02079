// /admin/complaints: complaints sent through /complaints, by status; set the
// status, or reply by e-mail (the reply sets "in progress", or "closed").
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { AdminPage, Empty, StatusBadge, When } from "#app/components/admin/page.tsx";
import { ErrorList, FormMessage, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { complaintReplySchema, complaintStatusSchema } from "#app/schemas/admin.ts";
import { complaintStatuses } from "#app/schemas/enums.ts";
import { complaintList, replyToComplaint, setComplaintStatus } from "#app/server/complaints/handling.ts";
import type { Route } from "./+types/admin-complaints";

const filters = [...complaintStatuses, "all"] as const;
type Filter = (typeof filters)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "complaints.handle");
  const asked = new URL(request.url).searchParams.get("status") ?? "open";
  const status: Filter = (filters as readonly string[]).includes(asked) ? (asked as Filter) : "open";
  return { status, complaints: await complaintList(app, status), title: getI18n(context).t("admin:complaints.title") };
}

type Reply = { intent?: "status" | "reply"; complaint?: number; done?: boolean; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const app = requireOperator(context, "complaints.handle");
  const t = getI18n(context).t;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "status") {
    const submission = parseWithZod(formData, { schema: complaintStatusSchema });
    if (submission.status !== "success") return rejected(submission);
    return withDomainErrors(submission, t, async () => {
      await setComplaintStatus(app, submission.value);
      return { intent, complaint: submission.value.complaint, done: true };
    });
  }
  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: complaintReplySchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply(), complaint: Number(formData.get("complaint")) }, { status: 400 });
    }
    return withDomainErrors(
      submission,
      t,
      async () => {
        await replyToComplaint(app, submission.value);
        return {
          intent,
          complaint: submission.value.complaint,
          done: true,
          result: submission.reply({ resetForm: true }),
        };
      },
      { extra: { complaint: submission.value.complaint } },
    );
  }
  throw data({ message: t("admin:errors.invalidInput") }, { status: 400 });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Complaints({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("complaints.title")}>
      <nav aria-label={t("complaints.filter")} className="flex flex-wrap gap-2">
        {filters.map((status) => (
          <Link
            key={status}
            to={`?status=${status}`}
            className={status === loaderData.status ? "btn-primary min-h-9" : "btn-outline min-h-9"}
            aria-current={status === loaderData.status ? "page" : undefined}
          >
            {status === "all" ? t("complaints.all") : t(`statuses.${status}`)}
          </Link>
        ))}
      </nav>
      {loaderData.complaints.length === 0 ? (
        <Empty>{t("complaints.empty")}</Empty>
      ) : (
        <ul className="space-y-4">
          {loaderData.complaints.map((complaint) => (
            <ComplaintCard
              key={complaint.id}
              complaint={complaint}
              reply={reply?.complaint === complaint.id ? reply : undefined}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function ComplaintCard({
  complaint,
  reply,
}: {
  complaint: Route.ComponentProps["loaderData"]["complaints"][number];
  reply: Reply | undefined;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `complaint-reply-${complaint.id}`,
    lastResult: reply?.intent === "reply" || !reply?.intent ? reply?.result : undefined,
    constraint: getZodConstraint(complaintReplySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complaintReplySchema }),
  });
  return (
    <li className="card space-y-3 p-4" data-testid={`complaint-${complaint.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-bold">{complaint.subject}</h2>
          <p className="text-xs text-muted">
            {complaint.reference && <span data-testid="complaint-reference">{complaint.reference} · </span>}
            {complaint.name} &lt;{complaint.email}&gt; · {complaint.domain} · <When at={complaint.createdAt} />
            {complaint.userId && (
              <>
                {" · "}
                <Link to={`/admin/members/${complaint.userId}`} className="text-primary hover:underline">
                  #{complaint.userId}
                </Link>
              </>
            )}
          </p>
        </div>
        <StatusBadge status={complaint.status} />
      </div>
      <p className="text-sm whitespace-pre-line">{complaint.message}</p>
      {reply?.done && (
        <FormMessage tone="success">
          {reply.intent === "reply" ? t("complaints.replied") : t("complaints.statusSaved")}
        </FormMessage>
      )}
      <div className="grid gap-4 md:grid-cols-[1fr_auto]">
        <Form method="post" className="space-y-2" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="complaint" value={complaint.id} />
          <TextareaField meta={fields.message} label={t("complaints.reply")} rows={4} maxLength={5000} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={fields.close.name} />
            {t("complaints.closeAfter")}
          </label>
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="btn-primary">{t("complaints.send")}</SubmitButton>
        </Form>
        <Form method="post" className="flex items-end gap-2 self-start">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="complaint" value={complaint.id} />
          <div>
            <label htmlFor={`status-${complaint.id}`} className="field-label">
              {t("complaints.status")}
            </label>
            <select id={`status-${complaint.id}`} name="status" defaultValue={complaint.status} className="field-input">
              {complaintStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-outline">
            {t("complaints.save")}
          </button>
        </Form>
      </div>
    </li>
  );
}
