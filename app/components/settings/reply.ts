import type { SubmissionResult } from "@conform-to/react";

/** What the settings action answers, for each section to show its own outcome. */
export type SettingsReply = {
  intent?: string;
  saved?: boolean;
  sentTo?: string;
  code?: string;
  percentage?: number;
  result?: SubmissionResult<string[]>;
};

export function replyFor(reply: SettingsReply | undefined, intent: string) {
  return reply?.intent === intent ? reply : undefined;
}
