// What a conversation's room is told by whoever opens it: the conversation, its
// two members, and what the room needs to know of each to price and route a
// message without asking D1 first: the member's own domain (whose settings
// price what they send) and whether the profile is fictional (the desk's
// rules). Neither changes once a member exists, so the room keeps what it is
// told; a room told nothing of them (an older caller) reads them from D1 once.

export interface MemberFacts {
  id: number;
  domain: string;
  fictional: boolean;
}

export interface RoomMeta {
  conversationId: number;
  members: [number, number];
  facts?: MemberFacts[];
}
