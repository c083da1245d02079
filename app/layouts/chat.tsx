// Chat layout: full screen; the entry warning only for NL and DE. The chat
// list keeps a member's bottom bar on a phone; a conversation does not.
import { Outlet } from "react-router";
import { EntryWarning } from "#app/components/layout/page-frame.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { BottomNav } from "#app/components/nav/bottom-nav.tsx";

export default function ChatLayout() {
  const chrome = useSiteChrome();
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <ProgressBar />
      <main id="main" className="flex min-h-0 flex-1">
        <Outlet />
      </main>
      {chrome?.member && <BottomNav member={chrome.member} />}
      {chrome && <EntryWarning chrome={chrome} when={chrome.siteEntryWarningInChat} />}
    </div>
  );
}
