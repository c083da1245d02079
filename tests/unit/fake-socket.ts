// A WebSocket the chat client tests drive by hand: they open it, close it as
// the server would, and hand it frames; what the client sends is kept.
import type { ChatMessage, ServerFrame } from "#app/schemas/chat.ts";

export class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  closedByServer(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
  receive(frame: ServerFrame) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(frame) }));
  }
  /** The room's answer to a hello: what it holds after the client's newest message. */
  answerHello(messages: ChatMessage[] = []) {
    this.receive({ type: "messages", messages, older: false, hasOlder: false });
  }
  frames(type: string) {
    return this.sent.map((data) => JSON.parse(data)).filter((frame) => frame.type === type);
  }
  sends() {
    return this.frames("send").map((frame) => frame.message);
  }
}
