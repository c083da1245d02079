// /unsubscribe?token=: the page behind a notification mail's unsubscribe link.
// It asks before it acts (mail scanners open links), then switches the
// member's e-mail notifications off (reason list_unsubscribe, shown in the
// settings). Mail clients unsubscribe in one click through
// POST /api/mail/unsubscribe instead (RFC 8058).
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
  return {
    token,
    valid: (await verifyUnsubscribeToken(app, token)) !== null,
    siteName: app.settings.name,
    loggedIn: app.member !== null,
    title: getI18n(context).t("notifications-push:unsubscribe.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: unsubscribeSchema });
  if (submission.status !== "success") return data({ done: false }, { status: 400 });
  try {
    await unsubscribe(app, submission.value.token);
  } catch {
    return data({ done: false }, { status: 400 });
  }
  return { done: true };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications-push");
  const { t: te } = useTranslation("errors");
  const done = actionData?.done === true;
  const invalid = !loaderData.valid || actionData?.done === false;
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <MailX className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">{t("unsubscribe.title")}</h1>
      <div className="mt-4 space-y-4 text-left">
        {done ? (
          <FormMessage tone="success">
            <span data-testid="unsubscribed">{t("unsubscribe.done")}</span>
          </FormMessage>
        ) : invalid ? (
          <FormMessage>{te("linkInvalid")}</FormMessage>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-muted">{t("unsubscribe.confirm", { siteName: loaderData.siteName })}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <SubmitButton>{t("unsubscribe.button")}</SubmitButton>
          </Form>
        )}
      </div>
      {(done || loaderData.loggedIn) && (
        <Link to="/notifications#notifications" className="mt-6 inline-block text-sm text-primary underline">
          {t("unsubscribe.settings")}
        </Link>
      )}
    </div>
  );
}
