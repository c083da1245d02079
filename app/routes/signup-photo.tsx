// /signup-photo: the signup step between "about you" and the first matches,
// before any offer: add a photo (camera or gallery) or skip it for now. A
// member who has a photo or skipped it is sent on (accounts/photo-step.ts).
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { PhotoStep } from "#app/components/photos/photo-step.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { afterPhotoStep, asksForPhoto, skipPhotoStep } from "#app/server/accounts/photo-step.ts";
import type { Route } from "./+types/signup-photo";

export function loader({ request, context }: Route.LoaderArgs) {
  const { member } = requireMember(context, request);
  if (!asksForPhoto(request, member)) throw redirect("/signup-matches");
  return { title: getI18n(context).t("photos:step.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMember(context, request);
  const next = afterPhotoStep((await request.formData()).get("next"));
  return redirect(next, { headers: { "Set-Cookie": skipPhotoStep(request) } });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function SignupPhoto() {
  const { t } = useTranslation("accounts");
  return (
    <div className="mx-auto max-w-lg px-4 py-6 sm:py-10">
      <ol
        className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold text-muted"
        aria-label={t("complete.steps")}
      >
        <li className="text-success">✓ {t("complete.stepAccount")}</li>
        <li className="text-success">✓ {t("complete.stepProfile")}</li>
        <li aria-current="step" className="text-primary">
          3. {t("complete.stepPhoto")}
        </li>
        <li>4. {t("complete.stepMatches")}</li>
      </ol>
      <PhotoStep next="/signup-matches" heading="h1" />
    </div>
  );
}
