// /swipe-game: one card at a time; like (right) or pass (left)
// by swiping, with the buttons or with the arrow keys. At most a few likes a
// day (the domain's swipe_likes_per_day, 4 by default), reset at local midnight.

import { data } from "react-router";
import { ActionError } from "#app/components/forms/action-error.tsx";
import { SwipeDeck } from "#app/components/swipe/swipe-deck.tsx";
import { formatTime } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { swipeActionSchema } from "#app/schemas/swipe.ts";
import { timeZoneOf } from "#app/server/geo/time-zones.ts";
import { likeMember, swipeAllowance } from "#app/server/likes/likes.ts";
import { passMember, rankedCandidates } from "#app/server/likes/swipe.ts";
import type { Route } from "./+types/swipe-game";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const [candidates, allowance] = await Promise.all([rankedCandidates(app, member, 20), swipeAllowance(app, member)]);
  // The reset moment in the member's own time zone, so server and browser print the same.
  const resetsAtLabel = formatTime(allowance.resetsAt, app.locale, timeZoneOf(member.profile.country));
  return { candidates, allowance: { ...allowance, resetsAtLabel }, title: getI18n(context).t("swipe:title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const parsed = swipeActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: t("errors:invalidInput"), code: "invalid_input" }, { status: 400 });
  const { intent, target } = parsed.data;
  return withDomainMessage(
    t,
    async () => {
      if (intent === "pass") {
        await passMember(app, member.id, target);
        return { intent: "pass" as const, target };
      }
      return { intent: "like" as const, target, ...(await likeMember(app, member, target, "swipe")) };
    },
    {},
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function SwipeGame({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ActionError actionData={actionData} className="mx-auto max-w-md px-4 pt-4" />
      <SwipeDeck candidates={loaderData.candidates} allowance={loaderData.allowance} />
    </>
  );
}
