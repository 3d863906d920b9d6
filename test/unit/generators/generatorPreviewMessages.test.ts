import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isHostToWebview, isWebviewToHost } from '../../../src/core/protocol/previewProtocol';
import { isDatasetSpec, isGeneratorDefinition } from '../../../src/extension/preview/datasetDocuments';

describe('generator preview messages', () => {
  test('a page request names the run, the synthesizer and the window; anything else is refused', () => {
    assert.equal(isWebviewToHost({ type: 'getGeneratorPage', generation: 2, stage: 0, offset: 50, count: 50 }), true);
    assert.equal(isWebviewToHost({ type: 'getGeneratorPage', generation: 2, stage: -1, offset: 50, count: 50 }), false);
    assert.equal(isWebviewToHost({ type: 'getGeneratorPage', generation: 2, stage: 0, offset: 1.5, count: 50 }), false);
    assert.equal(isWebviewToHost({ type: 'getGeneratorPage', generation: 2, stage: 0, offset: 0 }), false);
  });

  test('the page answer is a host message', () => {
    assert.equal(isHostToWebview({ type: 'generatorPage', generation: 2, stage: 0, offset: 50, samples: [] }), true);
  });
});

describe('which files get the generator definition lens', () => {
  test('by name, by modeline, and by content with or without definition.type', () => {
    assert.equal(isGeneratorDefinition('a.generator.yaml', 'key: a\n'), true);
    assert.equal(isGeneratorDefinition('a.yaml', '# eval-lens: generator\nkey: a\n'), true);
    assert.equal(isGeneratorDefinition('a.yaml', 'key: a\ndefinition:\n  synthesizers: [{type: python, synthesize_snippet: x}]\n'), true);
    assert.equal(isGeneratorDefinition('a.yaml', 'key: a\ndefinition:\n  type: declarative_dataset_generator\n'), true);
    assert.equal(isGeneratorDefinition('a.yaml', 'key: a\nsource: {type: local, file_path: x.csv}\n'), false);
    assert.equal(isGeneratorDefinition('a.dataset.yaml', 'key: a\ndefinition:\n  synthesizers: []\n'), false);
    assert.equal(isDatasetSpec('a.yaml', 'key: a\ndefinition:\n  synthesizers: []\n'), false);
  });
});
