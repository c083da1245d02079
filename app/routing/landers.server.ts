// The adapters between React Router and the domain: a lander route's loader.
// An unknown slug or member answers as the 404 page.
import { invariantResponse } from "@epic-web/invariant";
import type { RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { loadLander, loadMemberLander } from "#app/server/landers/lander-page.ts";
import { orErrorPage } from "./forms.server.ts";
import { parseId } from "./params.ts";

type Context = Readonly<RouterContextProvider>;

export function landerPage(context: Context, request: Request, input: Parameters<typeof loadLander>[2]) {
  return orErrorPage(getI18n(context).t, () => loadLander(context.get(requestContext), request, input));
}

export function memberLanderPage(
  context: Context,
  request: Request,
  input: Omit<Parameters<typeof loadMemberLander>[2], "id"> & { id: string },
) {
  const { t } = getI18n(context);
  const id = parseId(input.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  return orErrorPage(t, () => loadMemberLander(context.get(requestContext), request, { ...input, id }));
}
