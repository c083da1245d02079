// /members/{id}/chat (a variant of a member's page): opens the conversation with
// that member, starting it if needed. Visitors sign up first; a refusal (free
// members past their conversations, blocks) is a page that says why.
import { invariantResponse } from "@epic-web/invariant";
import { Crown, MessageCircleOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { parseId } from "#app/routing/params.ts";
import { startConversation } from "#app/server/chat/conversations.ts";
import type { Route } from "./+types/members-id-chat";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  if (!app.member) throw redirect(`/members/${id}/signup`);
  const { member } = app;
  return withDomainMessage(
    t,
    async () => {
      const conversationId = await startConversation(app, { id: member.id, paidUser: member.paidUser }, id);
      return redirect(`/chats/${conversationId}`);
    },
    { memberId: id, title: t("chat:refused.title") },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function MemberChatRefused({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const { memberId, code, message } = loaderData;
  const premium = code === "premium_only";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div role="alert" className="card p-6 text-center" data-testid={`chat-refused-${code}`}>
        {premium ? (
          <Crown className="mx-auto size-10 text-primary" aria-hidden="true" />
        ) : (
          <MessageCircleOff className="mx-auto size-10 text-muted" aria-hidden="true" />
        )}
        <h1 className="mt-3 text-xl font-bold">{premium ? t("premiumOnly.title") : t("refused.title")}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {premium && (
            <Link to="/premium" className="btn-primary">
              {t("premiumOnly.link")}
            </Link>
          )}
          {code !== "member_not_found" && code !== "blocked" && (
            <Link to={`/members/${memberId}`} className="btn-outline">
              {t("refused.profile")}
            </Link>
          )}
          <Link to="/chats" className="btn-ghost">
            {t("refused.chats")}
          </Link>
        </div>
      </div>
    </div>
  );
}
