import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { datasetRootsFor, workspaceDatasetLookup } from '../../../src/core/generators/workspaceDatasets';
import { nearestProjectFolder } from '../../../src/core/sources/projectFolder';
import { fixtureRoot } from '../workspaceKeys/fixtureWorkspace';

const guides = path.join(fixtureRoot, 'guides');
const templateGuide = path.join(guides, 'dataset-generator-template-synthesizer');

describe('where a generator finds its datasets (docs/semantics.md §11.3, §11.7)', () => {
  test('the project of a file is the folder of the nearest run.yaml or app.yaml, no higher than the workspace folder', () => {
    assert.equal(nearestProjectFolder(path.join(templateGuide, 'run.yaml'), [fixtureRoot]), templateGuide);
    assert.equal(nearestProjectFolder(path.join(templateGuide, 'dataset_generators', 'generator_from_templates.yaml'), [fixtureRoot]), templateGuide);
    assert.equal(nearestProjectFolder(path.join(fixtureRoot, 'dataset_generators', 'question_generator.yaml'), [fixtureRoot]), undefined);
  });

  test('a run config\'s embedded generator reads its own guide\'s dataset, not a namesake in a neighbouring guide', async () => {
    // Two guides define `seed-dataset`; the python guide's names a CSV it does not ship.
    const roots = datasetRootsFor(path.join(templateGuide, 'run.yaml'), [fixtureRoot]);
    assert.deepEqual(roots, [templateGuide, fixtureRoot]);
    const answer = await workspaceDatasetLookup(roots)('seed-dataset', 5);
    assert.ok('rows' in answer, JSON.stringify(answer));
    assert.equal(answer.file, path.join(templateGuide, 'datasets', 'seed-dataset.yaml'));
    assert.deepEqual(answer.rows[0], { country: 'Germany', city: 'Berlin' });
  });

  test('a definition outside any project still looks in the folder above its own, then the workspace', () => {
    const file = path.join(fixtureRoot, 'dataset_generators', 'question_generator.yaml');
    assert.deepEqual(datasetRootsFor(file, [fixtureRoot]), [fixtureRoot]);
  });
});
