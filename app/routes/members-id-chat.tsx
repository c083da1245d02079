// /members/{id}/chat (a variant of a member's page): the chat with that member.
// Opening it only looks, since a link on any site can open it with the
// member's cookie: the conversation in the member's list opens; otherwise the
// page offers to start it (or bring it back to the list), and only that
// button's post starts it and counts towards a free member's conversations.
// Visitors sign up first; a refusal (free members past their conversations,
// blocks) is a page that says why. A conversation starts only with a member the
// domain shows (its audience, or one in touch already); one under way goes on.
// A fictional profile nobody answers right now cannot be written to: the page
// says so instead of offering to start.
import { invariantResponse } from "@epic-web/invariant";
import { Crown, MessageCircle, MessageCircleOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { parseId } from "#app/routing/params.ts";
import { conversationToOpen, startConversation } from "#app/server/chat/conversations.ts";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import { assertWritable } from "#app/server/fictional/operator-notice.ts";
import { requireReachable } from "#app/server/members/audience.ts";
import type { Route } from "./+types/members-id-chat";

function chatter({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  if (!app.member) throw redirect(`/members/${id}/signup`);
  return { app, t, id, member: { id: app.member.id, paidUser: app.member.paidUser } };
}

/** The conversation to open; none yet, and this domain must show the member to start one. */
async function conversationWith(...[app, member, id]: Parameters<typeof conversationToOpen>) {
  const found = await conversationToOpen(app, member, id);
  if (found.conversationId === null && !found.removed) await requireReachable(app, id, member.id);
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  const { app, t, id, member } = chatter(args);
  return withDomainMessage(
    t,
    async () => {
      const found = await conversationWith(app, member, id);
      if (found.conversationId !== null) throw redirect(`/chats/${found.conversationId}`);
      await assertWritable(app, id);
      return {
        memberId: id,
        name: found.otherName,
        removed: found.removed,
        freeConversations: member.paidUser || found.removed ? null : FREE_CONVERSATIONS,
        title: t("chat:conversation.title", { name: found.otherName }),
      };
    },
    { memberId: id, title: t("chat:refused.title") },
  );
}

export async function action(args: Route.ActionArgs) {
  const { app, t, id, member } = chatter(args);
  return withDomainMessage(
    t,
    async () => {
      await conversationWith(app, member, id);
      await assertWritable(app, id);
      const conversationId = await startConversation(app, member, id);
      return redirect(`/chats/${conversationId}`);
    },
    { memberId: id, title: t("chat:refused.title") },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function MemberChat({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData ?? ("code" in loaderData ? loaderData : null);
  if (refusal) return <ChatRefused {...refusal} />;
  if ("code" in loaderData) return null;
  return <StartChat {...loaderData} />;
}

function StartChat({
  memberId,
  name,
  removed,
  freeConversations,
}: {
  memberId: number;
  name: string;
  removed: boolean;
  freeConversations: number | null;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card p-6 text-center">
        <MessageCircle className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-bold">{t("conversation.title", { name })}</h1>
        <p className="mt-2 text-muted">{removed ? t("start.removed", { name }) : t("start.text", { name })}</p>
        {freeConversations !== null && (
          <p className="mt-2 text-sm text-muted">{t("start.freeNote", { max: freeConversations })}</p>
        )}
        <Form method="post" className="mt-5 flex flex-wrap justify-center gap-2" data-testid="chat-start">
          <SubmitButton className="btn-primary">{removed ? t("start.reopen") : t("start.button")}</SubmitButton>
          <Link to={`/members/${memberId}`} className="btn-ghost">
            {t("refused.profile")}
          </Link>
        </Form>
      </div>
    </div>
  );
}

function ChatRefused({ memberId, code, message }: { memberId: number; code: string; message: string }) {
  const { t } = useTranslation("chat");
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
