// The settings editor: the JSON document, "preview" (checked by the settings
// schema on the server, with every problem in the operator's language), then
// the diff and the document as it will be stored, and "save".
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/forms/fields.tsx";
import type { SettingsChange, SettingsIssue } from "#app/server/operators/domains.ts";
import { cell, DataTable, Panel } from "./page.tsx";

export type SettingsReply = {
  json?: string;
  version?: string;
  preview?: { ok: true; json: string; changes: SettingsChange[] } | { ok: false; issues: SettingsIssue[] };
  result?: SubmissionResult<string[]>;
};

// One short help line per setting whose effect is not obvious from its name.
const settingHelp = [
  "fictionalIcon",
  "fictionalPlural",
  "interests",
  "regionData",
  "memberResell",
  "visibleProfileNotes",
  "pushPublicKey",
  "designVersion",
] as const;

const show = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

export function SettingsEditor({
  json,
  version,
  reply,
}: {
  json: string;
  version: string;
  reply: SettingsReply | undefined;
}) {
  const { t } = useTranslation("admin");
  const preview = reply?.preview;
  const formErrors = reply?.result?.error?.[""];
  return (
    <Panel title={t("domains.settings")} id="settings-title">
      <p className="mb-3 text-sm text-muted">{t("domains.settingsHint")}</p>
      <p className="mb-3 text-sm text-muted" data-testid="settings-help-cam-partner">
        {t("domains.camPartnerHelp")}
      </p>
      <ul className="mb-3 list-disc space-y-1 pl-5 text-sm text-muted" data-testid="settings-help">
        {settingHelp.map((key) => (
          <li key={key}>{t(`domains.settingHelp.${key}`)}</li>
        ))}
      </ul>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="version" value={reply?.version ?? version} />
        <label htmlFor="settings-json" className="field-label">
          {t("domains.json")}
        </label>
        <textarea
          id="settings-json"
          name="json"
          defaultValue={reply?.json ?? json}
          key={reply?.json ?? json}
          rows={24}
          spellCheck={false}
          aria-describedby={preview && !preview.ok ? "settings-issues" : undefined}
          className="field-input py-2 font-mono text-sm"
        />
        <SubmitButton className="btn-outline" name="intent" value="preview">
          {t("domains.preview")}
        </SubmitButton>
      </Form>
      {formErrors && <FormMessage>{formErrors.join(" ")}</FormMessage>}
      {preview && !preview.ok && (
        <div
          id="settings-issues"
          role="alert"
          className="mt-4 rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm"
        >
          <p className="font-semibold text-danger">{t("domains.issuesTitle")}</p>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {preview.issues.map((issue) => (
              <li key={`${issue.path}-${issue.code}`}>
                <code className="font-mono">{issue.path}</code>:{" "}
                {t(`domains.issues.${issue.code}`, { ...issue.params, defaultValue: t("domains.issues.invalid") })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview?.ok && (
        <div className="mt-4 space-y-3" data-testid="settings-preview">
          <h3 className="font-semibold">{t("domains.changes")}</h3>
          {preview.changes.length === 0 ? (
            <p className="text-sm text-muted">{t("domains.noChanges")}</p>
          ) : (
            <DataTable
              caption={t("domains.changes")}
              head={[t("domains.field"), t("domains.before"), t("domains.after")]}
            >
              {preview.changes.map((change) => (
                <tr key={change.path}>
                  <td className={`${cell} font-mono`}>{change.path}</td>
                  <td className={`${cell} font-mono break-all text-danger`}>{show(change.before)}</td>
                  <td className={`${cell} font-mono break-all text-success`}>{show(change.after)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <details>
            <summary className="cursor-pointer text-sm text-muted">{t("domains.asStored")}</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-surface p-3 text-xs">{preview.json}</pre>
          </details>
          <Form method="post">
            <input type="hidden" name="json" value={preview.json} />
            <input type="hidden" name="version" value={reply?.version ?? version} />
            <SubmitButton className="btn-primary" name="intent" value="save">
              {t("domains.save")}
            </SubmitButton>
          </Form>
        </div>
      )}
    </Panel>
  );
}
