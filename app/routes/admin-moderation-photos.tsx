// /admin/moderation/photos: the queue of new photos; approve or reject each
// (a rejection with its statement of reasons for the member).
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminPage, Empty, StatusBadge, When } from "#app/components/admin/page.tsx";
import { PhotoDecision } from "#app/components/decisions/photo-decision.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { photoDecisionSchema, withReasons } from "#app/schemas/decisions.ts";
import { decidePhoto, photoQueue } from "#app/server/photos/moderation.ts";
import type { Route } from "./+types/admin-moderation-photos";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "photos.moderate");
  return { photos: await photoQueue(app), title: getI18n(context).t("admin:photos.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context, "photos.moderate");
  const submission = parseWithZod(await request.formData(), { schema: photoDecisionSchema });
  if (submission.status !== "success") return rejected(submission);
  const extra = { photo: submission.value.photo };
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => {
      const { status } = await decidePhoto(
        app,
        submission.value.decision === "reject" ? withReasons(submission.value) : submission.value,
      );
      return { photo: submission.value.photo, status };
    },
    { extra },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function PhotoQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const decided = actionData && "status" in actionData ? actionData : null;
  const refused = actionData && "result" in actionData && "photo" in actionData ? actionData : null;
  return (
    <AdminPage title={t("photos.title")}>
      <p className="text-sm text-muted">{t("photos.intro")}</p>
      {decided && (
        <FormMessage tone="success">
          {t(decided.status === "rejected" ? "photos.rejected" : "photos.approved", { id: decided.photo })}
        </FormMessage>
      )}
      {loaderData.photos.length === 0 ? (
        <Empty>{t("photos.empty")}</Empty>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {loaderData.photos.map((photo) => (
            <li key={photo.id} className="card overflow-hidden" data-testid={`photo-${photo.id}`}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumb}
                  alt={t("photos.alt", { name: photo.member.name })}
                  className="aspect-square w-full object-cover"
                />
              </a>
              <div className="space-y-2 p-3 text-sm">
                <p>
                  <Link to={`/admin/members/${photo.member.id}`} className="font-semibold text-primary hover:underline">
                    {photo.member.name}
                  </Link>{" "}
                  <span className="text-xs text-muted">#{photo.member.id}</span>
                </p>
                <p className="flex flex-wrap items-center gap-1 text-xs">
                  <StatusBadge status={photo.status} />
                  {photo.isPrivate && <span className="text-muted">{t("photos.private")}</span>}
                  <When at={photo.createdAt} />
                </p>
                <PhotoDecision photo={photo.id} lastResult={refused?.photo === photo.id ? refused.result : undefined} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
