// One member on /admin/vulnerable: their open signs of vulnerability (what,
// when, in which conversation) and the review that lifts their cap, with an
// optional note for the audit trail.
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { When } from "#app/components/admin/page.tsx";
import { SubmitButton } from "#app/components/forms/fields.tsx";
import { formatMoney } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export type Reviewed = { member: number; reviewed: number };

interface Signal {
  id: number;
  kind: "spending" | "words" | "operator";
  detail: string;
  conversationId: number | null;
  createdAt: number;
}

export function VulnerableMemberCard({
  member,
}: {
  member: { memberId: number; name: string; email: string; signals: Signal[] };
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  // A spending signal's detail is "<cents> <currency>".
  const detail = (signal: Signal) => {
    if (signal.kind !== "spending") return signal.detail;
    const [cents, currency] = signal.detail.split(" ");
    return t("vulnerable.paid", { amount: formatMoney(Number(cents), currency || "EUR", locale) });
  };
  return (
    <li className="card space-y-3 p-4" data-testid={`vulnerable-${member.memberId}`}>
      <h2 className="font-bold">
        <Link to={`/admin/members/${member.memberId}`} className="text-primary hover:underline">
          {member.name || `#${member.memberId}`}
        </Link>{" "}
        <span className="text-xs font-normal text-muted">&lt;{member.email}&gt;</span>
      </h2>
      <ul className="space-y-1 text-sm">
        {member.signals.map((signal) => (
          <li key={signal.id} className="flex flex-wrap gap-x-2" data-testid="vulnerable-signal">
            <span className="font-semibold">{t(`vulnerable.kinds.${signal.kind}`)}</span>
            {detail(signal) && <q className="whitespace-pre-line">{detail(signal)}</q>}
            <span className="text-muted">
              <When at={signal.createdAt} />
            </span>
            {signal.conversationId !== null && (
              <Link to={`/admin/desk/${signal.conversationId}`} className="text-primary hover:underline">
                {t("vulnerable.conversation", { id: signal.conversationId })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="member" value={member.memberId} />
        <div className="min-w-64 flex-1">
          <label htmlFor={`review-note-${member.memberId}`} className="field-label">
            {t("vulnerable.note")}
          </label>
          <input id={`review-note-${member.memberId}`} name="note" maxLength={1000} className="field-input" />
        </div>
        <SubmitButton className="btn-primary">{t("vulnerable.review")}</SubmitButton>
      </Form>
    </li>
  );
}
