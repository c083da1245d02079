// Empty layout: only the content, the signup modal and the entry warning.
import { Outlet } from "react-router";
import { Content, EntryWarning, SignupEntry } from "#app/components/layout/page-frame.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

export default function EmptyLayout() {
  const chrome = useSiteChrome();
  if (!chrome) return <Outlet />;
  return (
    <SignupEntry chrome={chrome}>
      <Content>
        <Outlet />
      </Content>
      <EntryWarning chrome={chrome} />
    </SignupEntry>
  );
}
