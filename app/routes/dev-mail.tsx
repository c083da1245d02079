// /dev/mail: the local mailbox. With MAIL_TRANSPORT "outbox" the outbox table
// is where mail ends up, and this page is how a developer (or an e2e test)
// reads it and clicks its links. Registered only in non-production builds, and
// the loader refuses production as well. Developer-facing, so not localised:
// its strings are English on purpose. Text messages (direct-debit codes) end
// up in the sms_outbox table locally; the newest are listed below the mails.
import { type ReactNode, useState } from "react";
import { data, Link } from "react-router";
import { requestContext } from "#app/context.ts";
import { parseId } from "#app/routing/params.ts";
import { appConfig } from "#app/server/config/env.ts";
import { getOutboxMail, listOutbox } from "#app/server/mail/outbox.ts";
import { listSmsOutbox } from "#app/server/sms/outbox.ts";
import type { Route } from "./+types/dev-mail";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  if (appConfig(app.env).production) throw data(null, { status: 404 });
  const id = parseId(new URL(request.url).searchParams.get("id"));
  const [mails, mail, texts] = await Promise.all([
    listOutbox(app.db, 50),
    id === null ? null : getOutboxMail(app.db, id),
    listSmsOutbox(app.db, 20),
  ]);
  return {
    mails,
    texts,
    requestedId: id,
    selected: mail && {
      id: mail.id,
      to: mail.to,
      template: mail.template,
      locale: mail.locale,
      subject: mail.subject,
      status: mail.status,
      providerId: mail.providerId,
      createdAt: mail.createdAt,
      sentAt: mail.sentAt,
      html: mail.html,
      text: mail.text,
    },
  };
}

export const meta = () => [{ title: "Mail outbox (development)" }, { name: "robots", content: "noindex" }];

// UTC, so server and browser render the same text.
const time = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

const statusStyle: Record<string, string> = {
  queued: "bg-unread text-unread-ink",
  sent: "bg-success text-white",
  failed: "bg-danger text-white",
};

function Status({ status }: { status: string }) {
  return <span className={`badge px-2 ${statusStyle[status] ?? "bg-line text-ink"}`}>{status}</span>;
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { mails, texts, selected, requestedId } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Mail outbox</h1>
        <p className="text-sm text-muted">
          Development only · newest {mails.length} of the outbox ·{" "}
          <Link to="." reloadDocument className="font-semibold text-primary hover:underline">
            Refresh
          </Link>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <nav aria-label="Mails" className="card overflow-hidden">
          {mails.length === 0 ? (
            <p className="p-4 text-sm text-muted">No mail yet. Sign up or ask for a new password, then refresh.</p>
          ) : (
            <ul className="max-h-[80vh] divide-y divide-line overflow-y-auto">
              {mails.map((mail) => (
                <li key={mail.id}>
                  <Link
                    to={`?id=${mail.id}`}
                    aria-current={mail.id === selected?.id ? "page" : undefined}
                    className="block px-4 py-3 hover:bg-primary-soft aria-[current=page]:bg-primary-soft"
                  >
                    <span className="flex items-center justify-between gap-2 text-xs text-muted">
                      <span className="truncate">{mail.to}</span>
                      <time dateTime={new Date(mail.createdAt).toISOString()} className="shrink-0">
                        {time(mail.createdAt)}
                      </time>
                    </span>
                    <span className="mt-1 block truncate font-semibold text-ink">{mail.subject}</span>
                    <span className="mt-1 flex items-center gap-2 text-xs text-muted">
                      <span>{mail.template}</span>
                      <span className="uppercase">{mail.locale}</span>
                      <Status status={mail.status} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section aria-label="Selected mail" className="min-w-0">
          {selected ? (
            <SelectedMail mail={selected} />
          ) : (
            <div className="card p-6 text-muted">
              {requestedId === null ? "Choose a mail on the left." : `There is no mail with id ${requestedId}.`}
            </div>
          )}
        </section>
      </div>
      <TextMessages texts={texts} />
    </div>
  );
}

function TextMessages({ texts }: { texts: Route.ComponentProps["loaderData"]["texts"] }) {
  return (
    <section aria-labelledby="text-messages" className="mt-8">
      <h2 id="text-messages" className="mb-3 text-xl font-bold">
        Text messages
      </h2>
      {texts.length === 0 ? (
        <p className="card p-4 text-sm text-muted">No text messages yet. Start a direct-debit payment, then refresh.</p>
      ) : (
        <ul className="card divide-y divide-line">
          {texts.map((sms) => (
            <li key={sms.id} className="px-4 py-3" data-testid="sms">
              <span className="flex items-center justify-between gap-2 text-xs text-muted">
                <span className="break-all" data-testid="sms-to">
                  {sms.to}
                </span>
                <time dateTime={new Date(sms.createdAt).toISOString()} className="shrink-0">
                  {time(sms.createdAt)}
                </time>
              </span>
              <p className="mt-1 break-words" data-testid="sms-text">
                {sms.text || "(text removed after the provider accepted it)"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Selected = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

function SelectedMail({ mail }: { mail: Selected }) {
  const [phone, setPhone] = useState(false);
  return (
    <article className="card p-4 sm:p-6">
      <h2 className="text-lg font-bold break-words">{mail.subject}</h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="text-muted">Template</dt>
        <dd>
          {mail.template} · <span className="uppercase">{mail.locale}</span>
        </dd>
        <dt className="text-muted">Status</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <Status status={mail.status} />
          <span>queued {time(mail.createdAt)}</span>
          {mail.sentAt !== null && mail.status === "sent" && <span>· sent {time(mail.sentAt)}</span>}
          {mail.providerId && <span>· provider id {mail.providerId}</span>}
        </dd>
      </dl>

      {mail.html ? (
        <>
          <div className="mt-6 flex items-center justify-between gap-2">
            <h3 className="font-semibold">HTML</h3>
            <button type="button" className="btn-outline min-h-9 px-3" onClick={() => setPhone((p) => !p)}>
              {phone ? "Desktop width" : "Phone width"}
            </button>
          </div>
          <iframe
            sandbox=""
            srcDoc={mail.html}
            title={`HTML version of “${mail.subject}”`}
            className={`mt-2 h-[44rem] rounded-lg border border-line bg-white ${phone ? "mx-auto block w-[375px]" : "w-full"}`}
          />
        </>
      ) : (
        <p className="mt-6 text-sm text-muted">The bodies were removed after the provider accepted this mail.</p>
      )}

      {mail.text && (
        <>
          <h3 className="mt-6 font-semibold">Plain text</h3>
          <pre
            className="mt-2 overflow-x-auto rounded-lg bg-surface p-4 text-sm whitespace-pre-wrap break-words"
            data-testid="mail-text"
          >
            <LinkedText text={mail.text} />
          </pre>
        </>
      )}
    </article>
  );
}

// http(s) URLs, without punctuation that ends the sentence around them.
const URL_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/** The text with its URLs as links, so a test can follow the activation link. */
function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} className="break-all text-primary underline">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
