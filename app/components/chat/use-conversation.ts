// One conversation's live state for React: the transport (conversation-transport.ts)
// is made once per mounted conversation, started and stopped with it, and
// given what the page's loader brings again after a revalidation.
import { useEffect, useState, useSyncExternalStore } from "react";
import { type ConversationOptions, ConversationTransport } from "./conversation-transport.ts";

/** One conversation's live state; the component using it is keyed by conversation. */
export function useConversation(options: ConversationOptions) {
  const [client] = useState(() => new ConversationTransport(options));
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const { messages } = options.initial;
  useEffect(() => {
    client.merge(messages);
  }, [client, messages]);
  return { ...state, client };
}
