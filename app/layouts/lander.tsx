// Lander layout: logo-only navbar, content, footer, disclaimer. The
// landers lead into signup: on desktop their calls to action open the signup
// modal, on a phone the signup page; the site-entry warning is part of that
// signup flow (the routes' handle), not a modal over the lander.
import { Outlet } from "react-router";
import { Content, LogoNav, PageBottom, SignupEntry } from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export default function LanderLayout() {
  const chrome = useSiteChrome();
  if (!chrome) return <Outlet />;
  return (
    <SignupEntry chrome={chrome}>
      <div className="flex min-h-dvh flex-col">
        <LogoNav chrome={chrome} />
        <div className="flex-1">
          <Content>
            <Outlet />
          </Content>
        </div>
        <PageBottom chrome={chrome} />
      </div>
    </SignupEntry>
  );
}
