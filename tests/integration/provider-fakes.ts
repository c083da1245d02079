// Providers' fakes (tests/fakes/) wired into workerd tests: `fetch` to a
// fake's origin is answered by the fake; anything else fails the test.
import { vi } from "vitest";
import { createCloudflareFake, FAKE_CLOUDFLARE_TOKEN, FAKE_ZONE, OTHER_FAKE_ZONE } from "#tests/fakes/cloudflare.ts";
import { createMailApiFake, FAKE_MAIL_API_KEY } from "#tests/fakes/mail-api.ts";
import { createTwilioFake, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN } from "#tests/fakes/twilio.ts";

export const TWILIO_ORIGIN = "https://twilio.fake.test";
export const MAIL_API_URL = "https://mail-api.fake.test/v1/send";
export const CLOUDFLARE_ORIGIN = "https://cloudflare.fake.test";

/** Worker vars that choose Twilio, pointed at the fake. */
export const twilioVars = {
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
  TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
  SMS_FROM: "Hartslag",
  TWILIO_API_URL: TWILIO_ORIGIN,
};

/** Worker vars that choose the HTTP mail transport, pointed at the fake. */
export const mailApiVars = { MAIL_TRANSPORT: "http", MAIL_API_URL, MAIL_API_KEY: FAKE_MAIL_API_KEY };

/** Worker vars that purge two hosts of one zone and a CDN host of another, through the fake. */
export const cachePurgeVars = {
  CDN_PURGE_HOSTS: `example.test=${FAKE_ZONE},www.example.test=${FAKE_ZONE},cdn.example.test=${OTHER_FAKE_ZONE}`,
  CLOUDFLARE_API_TOKEN: FAKE_CLOUDFLARE_TOKEN,
  CLOUDFLARE_API_URL: CLOUDFLARE_ORIGIN,
};

/** Routes `fetch` to the fakes by origin; returns the fakes and the spy. */
export function givenProviderFakes() {
  const twilio = createTwilioFake();
  const mailApi = createMailApiFake();
  const cloudflare = createCloudflareFake();
  const handlers: Record<string, (request: Request) => Promise<Response>> = {
    [TWILIO_ORIGIN]: twilio.handle,
    [new URL(MAIL_API_URL).origin]: mailApi.handle,
    [CLOUDFLARE_ORIGIN]: cloudflare.handle,
  };
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const handler = handlers[new URL(request.url).origin];
    if (!handler) throw new Error(`unexpected fetch to ${request.url}`);
    return handler(request);
  });
  return { twilio, mailApi, cloudflare, fetchSpy };
}
