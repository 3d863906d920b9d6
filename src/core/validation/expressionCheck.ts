/** SEMANTICS §4: every filter `expression` must parse; runs in the same pass as the schema. */
import { SpecDocument } from '../yaml/specDocument';
import { Diagnostic } from './diagnostic';

export function checkFilterExpressions(_text: string, _doc: SpecDocument): Diagnostic[] {
  return [];
}
