import { OffsetRange } from '../text/lineIndex';
import { JsonPath } from '../yaml/specDocument';
import { SchemaProblem } from '../schema/schemaProblems';

type Severity = 'error' | 'warning' | 'info';

/** One problem found in a file, placed on an offset range. */
export interface Diagnostic {
  severity: Severity;
  message: string;
  range: OffsetRange;
  /** JSON path of the value concerned (within its document). */
  path: JsonPath;
  /** 0-based document of a YAML stream. */
  documentIndex: number;
  /** What found it. */
  source: 'syntax' | 'schema' | 'expression' | 'template' | 'credential' | 'rule' | 'data';
  code?: string;
  /** Details for quick fixes (allowed values, suggestion, missing property…). */
  data?: SchemaProblem['data'] & Record<string, unknown>;
}
