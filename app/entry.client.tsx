// Hydrates with the locale and translations the server embedded in the page,
// so the browser neither bundles nor fetches translation files.
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider } from "#app/components/nonce.tsx";
import { installChunkReloadGuard } from "#app/components/runtime/chunk-reload.ts";
import { type EmbeddedI18n, I18N_SCRIPT_ID } from "#app/i18n/embedded.ts";

// The browser hides nonce attributes but keeps the value on the element; React
// compares that value when it hydrates React Router's inline scripts.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
const embedded = JSON.parse(document.getElementById(I18N_SCRIPT_ID)?.textContent ?? "{}") as EmbeddedI18n;

installChunkReloadGuard();

void i18next.use(initReactI18next).init({
  lng: embedded.locale,
  fallbackLng: false,
  defaultNS: "common",
  resources: { [embedded.locale]: embedded.resources },
  interpolation: { escapeValue: false },
  initAsync: false,
});

startTransition(() => {
  hydrateRoot(
    document,
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>
    </NonceProvider>,
  );
});
