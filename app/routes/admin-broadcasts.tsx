// /admin/broadcasts: write a promotion or news mail, pick its audience, see how
// many members it reaches, preview it per language, mail yourself a test and
// send it, and follow the progress of recent ones. The form carries a key
// issued by the loader, so a double submit sends the broadcast once.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { AdminPage, Panel } from "#app/components/admin/page.tsx";
import { type AnyField, ErrorList, FormMessage } from "#app/components/forms/fields.tsx";
import { formatNumber } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { defaultLocale, locales } from "#app/i18n/locales.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type ActionAnswer, rejected } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import {
  audienceSize,
  broadcastDomains,
  broadcastOf,
  previewBroadcast,
  sendBroadcast,
  sendTestBroadcast,
} from "#app/server/broadcasts/broadcasts.ts";
import { recentBroadcasts } from "#app/server/broadcasts/progress.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import type { Route } from "./+types/admin-broadcasts";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "broadcasts.send");
  const recent = await recentBroadcasts(app);
  return {
    domains: await broadcastDomains(app),
    recent: recent.map((row) => ({
      key: row.key,
      kind: row.kind,
      domain: row.domain,
      // The default language's subject, else the one it was written in (an audience of one language).
      subject: row.headline[defaultLocale] ?? Object.values(row.headline)[0] ?? "",
      sent: row.sent,
      audience: row.audienceSize,
      finished: row.finishedAt !== null,
    })),
    key: crypto.randomUUID(),
    title: getI18n(context).t("admin:broadcasts.title"),
  };
}

type Answer = {
  result?: SubmissionResult<string[]>;
  count?: number;
  preview?: { locale: string; subject: string; html: string };
  tested?: { to: string };
  sent?: { sent: number; audience: number };
};

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Answer> {
  const app = { ...requireOperator(context, "broadcasts.send"), origin: new URL(request.url).origin };
  const submission = parseWithZod(await request.formData(), { schema: broadcastSchema });
  if (submission.status !== "success") return rejected(submission);
  const form = submission.value;
  const broadcast = broadcastOf(form);
  const locale = form.testLocale ?? (form.language || defaultLocale);
  if (form.intent === "send") {
    const sent = await sendBroadcast(app, broadcast);
    if (sent.audience === 0) {
      const t = getI18n(context).t;
      const formErrors = [t("admin:broadcasts.emptyAudience")];
      return data({ result: submission.reply({ formErrors }), count: 0 }, 422);
    }
    return { result: submission.reply({ resetForm: true }), count: sent.audience, sent };
  }
  const count = await audienceSize(app, broadcast);
  switch (form.intent) {
    case "count":
      return { result: submission.reply(), count };
    case "preview":
      return { result: submission.reply(), count, preview: await previewBroadcast(app, broadcast, locale) };
    case "test":
      return { result: submission.reply(), count, tested: await sendTestBroadcast(app, broadcast, locale) };
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Broadcasts({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const [form, fields] = useForm<BroadcastForm>({ lastResult: answer?.result, shouldRevalidate: "onBlur" });
  return (
    <AdminPage title={t("broadcasts.title")}>
      <p className="text-sm text-muted">{t("broadcasts.intro")}</p>
      {answer?.sent && (
        <FormMessage tone="success">
          {t("broadcasts.sent", {
            sent: formatNumber(answer.sent.sent, locale),
            audience: formatNumber(answer.sent.audience, locale),
          })}
        </FormMessage>
      )}
      {answer?.tested && <FormMessage tone="success">{t("broadcasts.tested", { to: answer.tested.to })}</FormMessage>}
      {form.errors && form.errors.length > 0 && <FormMessage>{form.errors.map((e) => t(e)).join(" ")}</FormMessage>}
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="key" value={loaderData.key} />
        <Panel title={t("broadcasts.audience")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("broadcasts.kind")} meta={fields.kind}>
              <select {...getSelectProps(fields.kind)} className="field-input">
                <option value="promotions">{t("broadcasts.kinds.promotions")}</option>
                <option value="news">{t("broadcasts.kinds.news")}</option>
              </select>
            </Field>
            <Field label={t("broadcasts.domain")} meta={fields.domain}>
              <select {...getSelectProps(fields.domain)} className="field-input">
                {loaderData.domains.map((domain) => (
                  <option key={domain}>{domain}</option>
                ))}
              </select>
            </Field>
            <Field label={t("broadcasts.country")} meta={fields.country}>
              <input {...getInputProps(fields.country, { type: "text" })} maxLength={2} className="field-input" />
            </Field>
            <Field label={t("broadcasts.language")} meta={fields.language}>
              <select {...getSelectProps(fields.language)} className="field-input">
                <option value="">{t("broadcasts.everyone")}</option>
                <LocaleOptions />
              </select>
            </Field>
            <Field label={t("broadcasts.premium")} meta={fields.premium}>
              <select {...getSelectProps(fields.premium)} className="field-input">
                <option value="">{t("broadcasts.everyone")}</option>
                <option value="premium">{t("broadcasts.premiumOnly")}</option>
                <option value="free">{t("broadcasts.freeOnly")}</option>
              </select>
            </Field>
          </div>
          <label className="mt-3 flex items-start gap-2 text-sm">
            <input type="checkbox" name="otherDomains" value="on" className="mt-1" />
            <span>{t("broadcasts.otherDomains")}</span>
          </label>
          {answer?.count !== undefined && (
            <p className="mt-3 font-semibold" data-testid="broadcast-count">
              {t("broadcasts.reach", { formatted: formatNumber(answer.count, locale) })}
            </p>
          )}
        </Panel>
        <Panel title={t("broadcasts.words")}>
          <p className="text-sm text-muted">{t("broadcasts.wordsHint")}</p>
          {locales.map((l) => {
            const subject = fields[`subject_${l}`];
            const body = fields[`body_${l}`];
            return (
              <details key={l} open={l === defaultLocale || Boolean(subject.errors || body.errors)} className="mt-2">
                <summary className="cursor-pointer font-semibold">{l.toUpperCase()}</summary>
                <Field label={t("broadcasts.subject")} meta={subject}>
                  <input {...getInputProps(subject, { type: "text" })} lang={l} className="field-input" />
                </Field>
                <Field label={t("broadcasts.body")} meta={body}>
                  <textarea {...getTextareaProps(body)} lang={l} rows={5} className="field-input" />
                </Field>
              </details>
            );
          })}
        </Panel>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            {t("broadcasts.testLocale")}{" "}
            <select name="testLocale" defaultValue={defaultLocale} className="field-input">
              <LocaleOptions />
            </select>
          </label>
          <button type="submit" name="intent" value="count" className="btn-outline min-h-9 px-3">
            {t("broadcasts.count")}
          </button>
          <button type="submit" name="intent" value="preview" className="btn-outline min-h-9 px-3">
            {t("broadcasts.preview")}
          </button>
          <button type="submit" name="intent" value="test" className="btn-outline min-h-9 px-3">
            {t("broadcasts.test")}
          </button>
          <button type="submit" name="intent" value="send" className="btn-primary min-h-9 px-3">
            {t("broadcasts.send")}
          </button>
        </div>
      </Form>
      {loaderData.recent.length > 0 && (
        <Panel title={t("broadcasts.recent")}>
          <ul className="grid gap-2 text-sm" data-testid="broadcast-list">
            {loaderData.recent.map((row) => (
              <li key={row.key} className="flex flex-wrap justify-between gap-2">
                <span>
                  <span className="font-semibold">{row.subject}</span> · {t(`broadcasts.kinds.${row.kind}`)} ·{" "}
                  {row.domain}
                </span>
                <span>
                  {formatNumber(row.sent, locale)} / {formatNumber(row.audience, locale)} ·{" "}
                  {row.finished ? t("broadcasts.finished") : t("broadcasts.sending")}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {answer?.preview && (
        <Panel title={`${t("broadcasts.preview")} (${answer.preview.locale.toUpperCase()}): ${answer.preview.subject}`}>
          <iframe
            title={answer.preview.subject}
            srcDoc={answer.preview.html}
            sandbox=""
            className="h-96 w-full rounded border border-line bg-white"
          />
        </Panel>
      )}
    </AdminPage>
  );
}

function Field({ meta, label, children }: { meta: AnyField; label: string; children: React.ReactNode }) {
  return (
    <div className="mt-2 grid gap-1">
      <label htmlFor={meta.id} className="field-label">
        {label}
      </label>
      {children}
      <ErrorList errors={meta.errors} />
    </div>
  );
}

/** One option per language the site speaks, by its code. */
function LocaleOptions() {
  return locales.map((l) => (
    <option key={l} value={l}>
      {l.toUpperCase()}
    </option>
  ));
}
