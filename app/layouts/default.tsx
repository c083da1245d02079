// Default layout: top navigation, warnings area, content, footer,
// disclaimer, a member's bottom bar on a phone, entry warning and (with
// accounts) the signup modal. It comes in variants (layout-variant.ts): the
// home page's, a member's, a visitor's and the installed app's, named on the
// frame for styles and tests.
import { Outlet } from "react-router";
import { ErrorPage } from "#app/components/layout/error-page.tsx";
import {
  Content,
  EntryWarning,
  FullNav,
  PageBottom,
  SignupEntry,
  Warnings,
} from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { BottomNav } from "#app/components/nav/bottom-nav.tsx";
import { useLayoutVariant } from "#app/layouts/layout-variant.ts";
import type { Route } from "./+types/default";

function Frame({ children }: { children: React.ReactNode }) {
  const chrome = useSiteChrome();
  const variant = useLayoutVariant(chrome);
  if (!chrome) return <>{children}</>;
  return (
    <SignupEntry chrome={chrome}>
      <div className="flex min-h-dvh flex-col" data-layout-variant={variant}>
        <FullNav chrome={chrome} variant={variant} />
        <Warnings chrome={chrome} />
        <div className="flex-1">
          <Content>{children}</Content>
        </div>
        <PageBottom chrome={chrome} />
        {chrome.member && <BottomNav member={chrome.member} />}
        <EntryWarning chrome={chrome} />
      </div>
    </SignupEntry>
  );
}

export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorPage error={error} />
    </Frame>
  );
}
