import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import * as l10n from '@vscode/l10n';
import { logStrings } from '../../../src/core/l10n/logStrings';
import { compareStrings } from '../../../src/core/l10n/compareStrings';
import { bundleCandidates, configureCliL10n, requestedLocale } from '../../../src/cli/cliLocale';
import { jsonForScriptElement } from '../../../src/core/protocol/embeddedReport';
import { configureL10nFromPage, L10N_BUNDLE_ELEMENT_ID } from '../../../webview/shared/l10nBundle';
import { configureL10nWithWorkers, configureWorkerL10n } from '../../../src/core/l10n/workerL10n';

const german = {
  'metric type "{0}" cannot be recomputed from per-sample scores': 'Metriktyp „{0}“ lässt sich nicht aus den Einzelwerten berechnen',
  'metric_type missing': 'metric_type fehlt',
  '{0} trials per sample': '{0} Versuche je Beispiel',
  'Baseline': 'Basis',
};

describe('translations', () => {
  after(() => l10n.config({ contents: {} }));

  test('a configured bundle translates table entries, with their placeholders filled', () => {
    l10n.config({ contents: german });
    assert.equal(logStrings.metricTypeNotRecomputable('median'), 'Metriktyp „median“ lässt sich nicht aus den Einzelwerten berechnen');
    assert.equal(logStrings.metricTypeMissing, 'metric_type fehlt');
    assert.equal(logStrings.trialsSetting(3), '3 Versuche je Beispiel');
    assert.equal(logStrings.trialsSetting(1), '1 trial per sample', 'a message without a translation stays English');
    assert.equal(compareStrings.view.columns[2], 'Basis', 'nested tables translate too');
  });

  test('without a bundle every entry is the English text', () => {
    l10n.config({ contents: {} });
    assert.equal(logStrings.metricTypeNotRecomputable('median'), 'metric type "median" cannot be recomputed from per-sample scores');
    assert.equal(logStrings.mismatchReason(0.5, 0.25, 4), 'reported 0.5, recomputed 0.25 from 4 samples');
    assert.equal(logStrings.trialsSetting(1), '1 trial per sample');
  });

  test('a webview reads the bundle its page embeds; a page without one stays English', () => {
    const page = (text: string | undefined) => ({
      getElementById: (id: string) => (id === L10N_BUNDLE_ELEMENT_ID && text !== undefined ? { textContent: text } : null),
    });
    l10n.config({ contents: {} });
    assert.equal(configureL10nFromPage(page(undefined)), false);
    assert.equal(configureL10nFromPage(page('not json')), false);
    assert.equal(logStrings.metricTypeMissing, 'metric_type missing');
    const withScript = { ...german, 'metric_type missing': 'fehlt </script><script>alert(1)</script>' };
    assert.equal(configureL10nFromPage(page(jsonForScriptElement(withScript))), true);
    assert.ok(!jsonForScriptElement(withScript).includes('</script>'), 'no translation can end the element');
    assert.equal(logStrings.metricTypeMissing, 'fehlt </script><script>alert(1)</script>');
  });

  test('the command line picks its bundle from EVAL_LENS_LOCALE, LC_ALL, LC_MESSAGES, LANG', () => {
    assert.equal(requestedLocale({ LANG: 'de_DE.UTF-8' }), 'de-de');
    assert.equal(requestedLocale({ EVAL_LENS_LOCALE: 'fr', LC_ALL: 'de_DE.UTF-8', LANG: 'ja_JP' }), 'fr');
    assert.equal(requestedLocale({ LC_ALL: 'C', LANG: 'de_DE' }), undefined);
    assert.equal(requestedLocale({ LC_ALL: '', LANG: 'pt_BR@euro' }), 'pt-br');
    assert.equal(requestedLocale({}), undefined);
    assert.deepEqual(bundleCandidates('zh-cn'), ['bundle.l10n.zh-cn.json', 'bundle.l10n.zh.json']);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-l10n-'));
    try {
      fs.writeFileSync(path.join(dir, 'bundle.l10n.de.json'), JSON.stringify(german));
      l10n.config({ contents: {} });
      assert.equal(configureCliL10n({ LANG: 'en_US.UTF-8' }, dir), undefined);
      assert.equal(configureCliL10n({ LANG: 'ja_JP.UTF-8' }, dir), undefined);
      assert.equal(logStrings.metricTypeMissing, 'metric_type missing');
      assert.equal(configureCliL10n({ LANG: 'de_AT.UTF-8' }, dir), path.join(dir, 'bundle.l10n.de.json'));
      assert.equal(logStrings.metricTypeMissing, 'metric_type fehlt');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('worker threads started after the bundle is loaded receive it', async () => {
    configureL10nWithWorkers(german);
    const source = "const { getEnvironmentData, parentPort } = require('node:worker_threads'); parentPort.postMessage(getEnvironmentData('eval-lens.l10n-bundle'));";
    const worker = new Worker(source, { eval: true });
    const shared = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.deepEqual(shared, german);
    l10n.config({ contents: {} });
    configureWorkerL10n();
    assert.equal(logStrings.metricTypeMissing, 'metric_type fehlt', 'a worker entry configures its copy from the shared bundle');
  });
});
