// /notifications, the member's settings: password, e-mail address,
// e-mail and push notifications per type, invisible mode, location, and the
// delete-account flow with its retention offer. One form per section, told
// apart by `intent`; every rule lives in app/server/accounts.
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { useFormToast } from "#app/components/forms/use-form-toast.ts";
import { AccountSection } from "#app/components/settings/account-section.tsx";
import { DataSection } from "#app/components/settings/data-section.tsx";
import { DeleteAccountSection } from "#app/components/settings/delete-account-section.tsx";
import { LocationSection } from "#app/components/settings/location-section.tsx";
import { NotificationsSection } from "#app/components/settings/notifications-section.tsx";
import { PushSection } from "#app/components/settings/push-section.tsx";
import type { SettingsReply } from "#app/components/settings/reply.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  invisibleFormSchema,
  notificationsFormSchema,
} from "#app/schemas/account.ts";
import { notificationTypes } from "#app/schemas/enums.ts";
import { locationSchema } from "#app/schemas/profile.ts";
import {
  changePassword,
  type NotificationPreferences,
  notificationPreferences,
  requestEmailChange,
  setInvisible,
  setLocation,
  setNotificationPreferences,
} from "#app/server/accounts/account-settings.ts";
import { acceptRetentionOffer, deleteAccount, retentionOffer } from "#app/server/accounts/deletion.ts";
import { clearedSessionCookie } from "#app/server/accounts/session-cookie.ts";
import { locationRegions } from "#app/server/settings/offered.ts";
import type { Route } from "./+types/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const [preferences, regions, offer] = await Promise.all([
    notificationPreferences(app, member.id),
    locationRegions(app),
    retentionOffer(app),
  ]);
  return {
    email: member.email,
    invisible: member.invisible,
    emailDisabledReason: member.emailDisabledReason,
    preferences,
    location: { country: member.profile.country, region: String(member.profile.regionId ?? "") },
    countries: app.settings.countries,
    regions,
    retentionDiscount: offer.percentage,
    title: getI18n(context).t("settings:title"),
  };
}

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<SettingsReply> {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const done = (extra: Partial<SettingsReply> = {}) => ({ intent, saved: true, ...extra });

  switch (intent) {
    case "email": {
      const submission = parseWithZod(formData, { schema: changeEmailSchema });
      if (submission.status !== "success") return rejected(submission, ["current_password"]);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await requestEmailChange(app, member, submission.value);
          return { ...done({ sentTo: submission.value.email }), result: submission.reply({ resetForm: true }) };
        },
        { hideFields: ["current_password"], extra: { intent } },
      );
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hidden = ["current_password", "password", "password_repeat"];
      if (submission.status !== "success") return rejected(submission, hidden);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await changePassword(app, member, submission.value);
          return { ...done(), result: submission.reply({ resetForm: true }) };
        },
        { hideFields: hidden, extra: { intent } },
      );
    }
    case "notifications": {
      const submission = parseWithZod(formData, { schema: notificationsFormSchema });
      if (submission.status !== "success") return rejected(submission);
      const choices = submission.value;
      const preferences = Object.fromEntries(
        notificationTypes.map((type) => [type, { email: !!choices[`email_${type}`], push: !!choices[`push_${type}`] }]),
      ) as NotificationPreferences;
      await setNotificationPreferences(app, member, preferences);
      return done();
    }
    case "invisible": {
      const submission = parseWithZod(formData, { schema: invisibleFormSchema });
      if (submission.status !== "success") return rejected(submission);
      await setInvisible(app, member, submission.value.invisible);
      return done();
    }
    case "location": {
      const submission = parseWithZod(formData, { schema: locationSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await setLocation(app, member, { country: submission.value.country, regionId: submission.value.region });
          return { ...done(), result: submission.reply() };
        },
        { extra: { intent } },
      );
    }
    case "stay": {
      const offer = await acceptRetentionOffer(app, member);
      return done({ code: offer.code, percentage: offer.percentage });
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return rejected(submission, ["current_password"]);
      return withDomainErrors(
        submission,
        t,
        async () => {
          await deleteAccount(app, member, { password: submission.value.current_password });
          return redirect("/account-deleted", { headers: { "Set-Cookie": clearedSessionCookie(request) } });
        },
        { hideFields: ["current_password"], extra: { intent } },
      );
    }
    default:
      throw data({ message: t("errors:invalidInput") }, { status: 400 });
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Settings({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  useFormToast(reply, (done) => {
    if (!done.saved) return null;
    if (done.intent === "email") return t("account.emailSent", { email: done.sentTo });
    if (done.intent === "password") return t("account.passwordSaved");
    if (done.intent === "stay") return t("delete.stayed", { code: done.code, percentage: done.percentage });
    return t("saved");
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <AccountSection email={loaderData.email} reply={reply} />
      <NotificationsSection
        preferences={loaderData.preferences}
        emailDisabledReason={loaderData.emailDisabledReason}
        invisible={loaderData.invisible}
        reply={reply}
      />
      <PushSection />
      <LocationSection
        defaults={loaderData.location}
        countries={loaderData.countries}
        regions={loaderData.regions}
        reply={reply}
      />
      <DataSection />
      <DeleteAccountSection discount={loaderData.retentionDiscount} reply={reply} />
    </div>
  );
}
