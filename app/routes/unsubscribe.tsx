// /unsubscribe?token=: the page behind a notification mail's unsubscribe link.
// It asks before it acts (mail scanners open links), then switches off what the
// link names: one kind of mail (promotions or news), or all the member's
// e-mail notifications (reason list_unsubscribe, shown in the settings). Mail
// clients unsubscribe in one click through POST /api/mail/unsubscribe instead
// (RFC 8058).
import { parseWithZod } from "@conform-to/zod/v4";
import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { unsubscribeSchema } from "#app/schemas/notifications.ts";
import { unsubscribe, verifyUnsubscribeToken } from "#app/server/notifications/unsubscribe.ts";
import type { Route } from "./+types/unsubscribe";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyUnsubscribeToken(app, token);
  return {
    token,
    valid: verified !== null,
    kind: verified?.kind ?? null,
    siteName: app.settings.name,
    loggedIn: app.member !== null,
    title: getI18n(context).t("notifications-push:unsubscribe.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: unsubscribeSchema });
  if (submission.status !== "success") return data({ done: false, kind: null }, { status: 400 });
  try {
    const { kind } = await unsubscribe(app, submission.value.token);
    return { done: true, kind };
  } catch {
    return data({ done: false, kind: null }, { status: 400 });
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications-push");
  const { t: te } = useTranslation("errors");
  const done = actionData?.done === true;
  const invalid = !loaderData.valid || actionData?.done === false;
  // The kind of mail the link stops, if it names one: "Promotions", "News".
  const named = done ? actionData?.kind : loaderData.kind;
  const kind = named === "promotions" ? "Promotions" : named === "news" ? "News" : "";
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <MailX className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">{t("unsubscribe.title")}</h1>
      <div className="mt-4 space-y-4 text-left">
        {done ? (
          <FormMessage tone="success">
            <span data-testid="unsubscribed">{t(`unsubscribe.done${kind}`)}</span>
          </FormMessage>
        ) : invalid ? (
          <FormMessage>{te("linkInvalid")}</FormMessage>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-muted">{t(`unsubscribe.confirm${kind}`, { siteName: loaderData.siteName })}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton>{t("unsubscribe.button")}</SubmitButton>
          </Form>
        )}
      </div>
      {(done || loaderData.loggedIn || kind) && (
        <Link to="/notifications#notifications" className="mt-6 inline-block text-sm text-primary underline">
          {t("unsubscribe.settings")}
        </Link>
      )}
    </div>
  );
}
