// Being built: signs of vulnerability, the cap on paid messages to fictional profiles, the spending limit.
import type { FictionalSend } from "./chat-rules.ts";

export async function assertVulnerableCap(_send: FictionalSend): Promise<void> {}

export async function readForDistress(_send: FictionalSend & { seq: number }): Promise<void> {}
