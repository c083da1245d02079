// The <head> of a lander: the page's own title and description from the
// loader's ShareInfo, in the one form every public page uses (page-meta.ts):
// the domain's share picture, never a member's photo.
import { type PageTexts, pageMeta } from "#app/components/layout/page-meta.ts";

export const landerMeta = (args: Parameters<typeof pageMeta>[0] & { loaderData?: { share: PageTexts } }) =>
  pageMeta(args, args.loaderData?.share);

/** Route handle of every lander: its name for tracking_data, and the site-entry warning inside signup. */
export const landerHandle = (lander: string) => ({ lander, signupFlowEmbeddedSiteEntryWarning: true });
