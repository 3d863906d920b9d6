/**
 * The public shapes of the API are written out for their documentation; these checks fail the typecheck (run by
 * `npm test`) when one drifts from the core shape it stands for, and the test fails when a field the core writes
 * is missing from the public shape.
 */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LogHeader, LogVerificationResult, SpecDiagnostic, ValidationReport, VerifiedCurves, VerifiedInterval } from '../../../src/api/types';
import type { LogSummary } from '../../../src/core/model/logViewTypes';
import type { MetricInterval, ScoreCurves } from '../../../src/core/compare/logStatistics';
import type { logVerifyJson } from '../../../src/core/compare/logVerifyReport';
import type { FileValidationReport, LocatedDiagnostic } from '../../../src/core/validation/fileValidationReport';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

test('the public verification and validation shapes are the ones the core writes', () => {
  const same: [
    Same<VerifiedCurves, ScoreCurves>,
    Same<VerifiedInterval, MetricInterval>,
    Same<LogVerificationResult, ReturnType<typeof logVerifyJson>>,
    Same<ValidationReport, FileValidationReport>,
    Same<SpecDiagnostic, LocatedDiagnostic>,
    Same<keyof VerifiedCurves, keyof ScoreCurves>,
    Same<keyof ValidationReport, keyof FileValidationReport>,
    Same<LogHeader, Pick<LogSummary, keyof LogHeader>>,
  ] = [true, true, true, true, true, true, true, true];
  assert.deepEqual(same, [true, true, true, true, true, true, true, true]);
});
