// Settings: e-mail and push notifications for every notification type, and
// invisible mode. E-mail switched off by a spam complaint, bounce or
// list-unsubscribe is shown disabled, with the reason.
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/forms/fields.tsx";
import { notificationTypes } from "#app/schemas/enums.ts";
import { replyFor, type SettingsReply } from "./reply.ts";
import { SavedNote, Section } from "./section.tsx";

type Preferences = Record<(typeof notificationTypes)[number], { email: boolean; push: boolean }>;

export function NotificationsSection({
  preferences,
  emailDisabledReason,
  invisible,
  reply,
}: {
  preferences: Preferences;
  emailDisabledReason: string | null;
  invisible: boolean;
  reply: SettingsReply | undefined;
}) {
  const { t } = useTranslation("settings");
  const emailOff = emailDisabledReason !== null;
  return (
    <>
      <Section id="notifications" title={t("notifications.title")}>
        {emailOff && (
          <div className="mb-4">
            <FormMessage tone="info">{t(`notifications.disabled.${emailDisabledReason}`)}</FormMessage>
          </div>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="notifications" />
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-2 font-medium">
                  {t("notifications.type")}
                </th>
                <th scope="col" className="w-20 py-2 text-center font-medium">
                  {t("notifications.email")}
                </th>
                <th scope="col" className="w-20 py-2 text-center font-medium">
                  {t("notifications.push")}
                </th>
              </tr>
            </thead>
            <tbody>
              {notificationTypes.map((type) => (
                <tr key={type} className="border-t border-line">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {t(`notifications.types.${type}`)}
                  </th>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      name={`email_${type}`}
                      defaultChecked={preferences[type].email && !emailOff}
                      disabled={emailOff}
                      aria-label={`${t(`notifications.types.${type}`)}: ${t("notifications.email")}`}
                      className="size-5 accent-primary"
                    />
                  </td>
                  <td className="text-center">
                    <input
                      type="checkbox"
                      name={`push_${type}`}
                      defaultChecked={preferences[type].push}
                      aria-label={`${t(`notifications.types.${type}`)}: ${t("notifications.push")}`}
                      className="size-5 accent-primary"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 flex items-center gap-3">
            <SubmitButton className="btn-outline">{t("save")}</SubmitButton>
            <SavedNote saved={replyFor(reply, "notifications")?.saved} />
          </div>
        </Form>
      </Section>
      <Section id="privacy" title={t("privacy.title")}>
        <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
          <input type="hidden" name="intent" value="invisible" />
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="invisible"
              defaultChecked={invisible}
              className="mt-0.5 size-5 accent-primary"
            />
            <span>
              <strong className="block">{t("privacy.invisible")}</strong>
              <span className="text-muted">{t("privacy.invisibleHint")}</span>
            </span>
          </label>
          <div className="flex items-center gap-3">
            <SavedNote saved={replyFor(reply, "invisible")?.saved} />
            <SubmitButton className="btn-outline">{t("save")}</SubmitButton>
          </div>
        </Form>
      </Section>
    </>
  );
}
