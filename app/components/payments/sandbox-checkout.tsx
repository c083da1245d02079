// The sandbox provider's hosted checkout, a whole document of its own: it looks
// like a payment provider (own name, colours and type), not like the dating
// site, so nobody mistakes where they are. Rendered once on the server, no
// script: the outcomes still possible as buttons in a plain form, like a
// provider's test mode (once paid: a charge-back, then its reversal).
import type { SandboxChoice } from "#app/server/payments/sandbox-checkout.ts";

const css = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef2f7;color:#0f172a;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#0b3b8c;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px}
header strong{font-size:18px;letter-spacing:.02em}
header span{font-size:12px;background:#fbbf24;color:#3b2300;border-radius:4px;padding:2px 6px;font-weight:700;text-transform:uppercase}
main{max-width:440px;margin:32px auto;padding:0 16px}
.panel{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgb(15 23 42/.08)}
h1{font-size:20px;margin:0 0 4px}
.note{font-size:14px;color:#475569;margin:0 0 20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 24px}
dt{color:#475569}dd{margin:0;font-weight:600;word-break:break-word}
.amount{font-size:28px;font-weight:800;color:#0b3b8c}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:700;margin-bottom:10px}
.buttons{display:grid;grid-template-columns:1fr 1fr;gap:10px}
button,.back{display:block;width:100%;min-height:48px;border-radius:6px;border:0;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none;padding:12px}
button:focus-visible,.back:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
.paid{background:#15803d;color:#fff}.failed{background:#b91c1c;color:#fff}
.canceled{background:#334155;color:#fff}.pending{background:#fde68a;color:#3b2300}
.chargeback{background:#9a3412;color:#fff}.reversed{background:#0f766e;color:#fff}
.back{background:#0b3b8c;color:#fff;line-height:24px}
footer{text-align:center;font-size:12px;color:#475569;margin:24px 0}
`;

export type SandboxTexts = {
  provider: string;
  test: string;
  title: string;
  notice: string;
  amount: string;
  description: string;
  method: string;
  choose: string;
  outcomes: Record<SandboxChoice, string>;
  done: string | null;
  back: string;
  notFound: string;
  /** Set when the posted outcome was not one of the choices. */
  error: string | null;
  footer: string;
};

export function SandboxCheckout({
  lang,
  texts,
  payment,
}: {
  lang: string;
  texts: SandboxTexts;
  payment: {
    amount: string;
    description: string;
    method: string;
    redirectUrl: string;
    /** What may still be chosen; none: the payment is settled. */
    choices: SandboxChoice[];
  } | null;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${texts.title} · ${texts.provider}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file; text children would be escaped */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <header>
          <strong>{texts.provider}</strong>
          <span>{texts.test}</span>
        </header>
        <main>
          <div className="panel">
            {payment ? (
              <>
                <h1>{texts.title}</h1>
                <p className="note">{texts.notice}</p>
                <dl>
                  <dt>{texts.amount}</dt>
                  <dd className="amount" data-testid="sandbox-amount">
                    {payment.amount}
                  </dd>
                  <dt>{texts.description}</dt>
                  <dd>{payment.description}</dd>
                  <dt>{texts.method}</dt>
                  <dd>{payment.method}</dd>
                </dl>
                {texts.error && <p role="alert">{texts.error}</p>}
                {payment.choices.length ? (
                  <form method="post">
                    <fieldset>
                      <legend>{texts.choose}</legend>
                      <div className="buttons">
                        {payment.choices.map((outcome) => (
                          <button key={outcome} type="submit" name="outcome" value={outcome} className={outcome}>
                            {texts.outcomes[outcome]}
                          </button>
                        ))}
                      </div>
                    </fieldset>
                  </form>
                ) : (
                  <>
                    <p>{texts.done}</p>
                    <a className="back" href={payment.redirectUrl}>
                      {texts.back}
                    </a>
                  </>
                )}
              </>
            ) : (
              <h1 role="alert">{texts.notFound}</h1>
            )}
          </div>
          <footer>{texts.footer}</footer>
        </main>
      </body>
    </html>
  );
}
