// /admin/members/:id: one member — profile, status, photos, credits ledger,
// payments and sessions — and what the operator's role may do to them:
// adjust credits, resend the activation mail, log out everywhere, delete on
// request, ban or unban (with the reasons the member is told), remove the
// "about" text with its reasons, lift the direct-debit block a charge-back set. One
// form per action, told apart by `intent`.
import { parseWithZod } from "@conform-to/zod/v4";
import { invariantResponse } from "@epic-web/invariant";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { MemberActions, type MemberReply } from "#app/components/admin/member-actions.tsx";
import { MemberRecords } from "#app/components/admin/member-records.tsx";
import { AdminPage, Panel, StatusBadge, When } from "#app/components/admin/page.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, orErrorPage, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { creditAdjustmentSchema, deleteMemberSchema, intentSchema } from "#app/schemas/admin.ts";
import { banWithReasonsSchema, textRejectionSchema, withReasons } from "#app/schemas/decisions.ts";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { rejectProfileText } from "#app/server/decisions/profile-text.ts";
import {
  adjustCredits,
  banMember,
  deleteMember,
  forceLogout,
  resendMemberActivation,
  unbanMember,
} from "#app/server/operators/member-actions.ts";
import { memberDetail } from "#app/server/operators/members.ts";
import { can } from "#app/server/operators/roles.ts";
import { liftDirectDebitBlock } from "#app/server/payments/direct-debit-block.ts";
import type { Route } from "./+types/admin-members-id";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "members.view");
  const t = getI18n(context).t;
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  const detail = await orErrorPage(t, () => memberDetail(app, id));
  const role = app.operator.role;
  return {
    ...detail,
    allowed: {
      credits: can(role, "members.credits"),
      activation: can(role, "members.activation"),
      logout: can(role, "members.logout"),
      delete: can(role, "members.delete"),
      ban: can(role, "members.ban"),
      directDebit: can(role, "payments.directdebit"),
    },
    // A new key for each rendered credits form: the same form sent twice books once.
    creditsKey: randomToken(12),
    title: `${detail.profile.name} · ${t("admin:members.title")}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs): ActionAnswer<MemberReply> {
  const app = requireOperator(context, "members.view");
  const t = getI18n(context).t;
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const plain = async (intent: "unban" | "logout" | "activation" | "directdebit", run: () => Promise<unknown>) => {
    const submission = parseWithZod(formData, { schema: intentSchema });
    return withDomainErrors(
      submission,
      t,
      async () => {
        await run();
        return { intent, done: true };
      },
      { extra: { intent } },
    );
  };
  switch (intent) {
    case "credits": {
      const submission = parseWithZod(formData, { schema: creditAdjustmentSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          const { credits } = await adjustCredits(app, id, submission.value);
          return { intent, done: true, credits, result: submission.reply({ resetForm: true }) };
        },
        { extra: { intent } },
      );
    }
    case "ban": {
      const submission = parseWithZod(formData, { schema: banWithReasonsSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await banMember(app, id, withReasons(submission.value));
          return { intent, done: true, result: submission.reply({ resetForm: true }) };
        },
        { extra: { intent } },
      );
    }
    case "text": {
      const submission = parseWithZod(formData, { schema: textRejectionSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await rejectProfileText(app, id, withReasons(submission.value));
          return { intent, done: true, result: submission.reply({ resetForm: true }) };
        },
        { extra: { intent } },
      );
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteMemberSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await deleteMember(app, id);
          return redirect(`/admin/members/${id}`);
        },
        { extra: { intent } },
      );
    }
    case "unban":
      return plain(intent, () => unbanMember(app, id));
    case "logout":
      return plain(intent, () => forceLogout(app, id));
    case "activation":
      return plain(intent, () => resendMemberActivation(app, id));
    case "directdebit":
      return plain(intent, () => liftDirectDebitBlock(app, id));
    default:
      throw data({ message: t("admin:errors.invalidInput") }, { status: 400 });
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { member, profile } = loaderData;
  return (
    <AdminPage
      title={profile.name}
      actions={
        <Link to="/admin/members" className="btn-outline">
          {t("members.back")}
        </Link>
      }
    >
      <Panel>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t("members.id")}>{member.id}</Fact>
          <Fact label={t("members.email")}>{member.email}</Fact>
          <Fact label={t("members.status")}>
            <StatusBadge status={member.status} />
          </Fact>
          <Fact label={t("members.credits")}>
            <span data-testid="member-credits">{member.credits}</span>
          </Fact>
          <Fact label={t("members.premium")}>{member.paidUser ? t("yes") : t("no")}</Fact>
          <Fact label={t("members.directDebit")}>
            {member.directDebitBlocked ? t("members.directDebitBlocked") : t("members.directDebitAllowed")}
          </Fact>
          <Fact label={t("members.domain")}>{member.domain}</Fact>
          <Fact label={t("members.language")}>{member.language}</Fact>
          <Fact label={t("members.country")}>{profile.country}</Fact>
          <Fact label={t("members.birthDate")}>{profile.dateOfBirth}</Fact>
          <Fact label={t("members.signup")}>
            <When at={member.signupDate} />
          </Fact>
          <Fact label={t("members.confirmed")}>
            <When at={member.confirmedAt} />
          </Fact>
          <Fact label={t("members.lastLogin")}>
            <When at={member.lastLoginAt} />
          </Fact>
          <Fact label={t("members.searchable")}>{profile.searchable ? t("yes") : t("no")}</Fact>
          <Fact label={t("members.fictional")}>{profile.fictional ? t("yes") : t("no")}</Fact>
          {member.bannedAt && (
            <Fact label={t("members.banned")}>
              <When at={member.bannedAt} /> — {member.banReason}
            </Fact>
          )}
        </dl>
        {profile.about && <p className="mt-3 text-sm whitespace-pre-line">{profile.about}</p>}
      </Panel>
      <MemberActions
        member={{ ...member, hasAbout: Boolean(profile.about.trim()) }}
        allowed={loaderData.allowed}
        creditsKey={loaderData.creditsKey}
        reply={actionData}
      />
      <MemberRecords detail={loaderData} />
    </AdminPage>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted uppercase">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
