/** `confirmFetch` for the core: follows `evalLens.preview.urlFetch`, and asks in an untrusted workspace. */
import * as vscode from 'vscode';
import { previewViewStrings } from '../../core/l10n/previewStrings';
import type { PreviewFailure } from '../../core/protocol/previewProtocol';
import { UrlFetchPolicy } from '../config';
import { fetchDecision } from './fetchPolicy';

export class UrlFetchConfirmation {
  /** Why the last fetch was refused, to explain the failure the core then reports. */
  refusal: PreviewFailure | undefined;

  constructor(private readonly policy: UrlFetchPolicy) {}

  readonly confirm = async (url: string): Promise<boolean> => {
    const trusted = vscode.workspace.isTrusted;
    const decision = fetchDecision(this.policy, trusted);
    if (decision === 'allow') return true;
    if (decision === 'refuse') {
      this.refusal = { message: previewViewStrings.urlFetchNever(url), hint: previewViewStrings.urlFetchNeverHint };
      return false;
    }
    const question = trusted ? previewViewStrings.urlFetchQuestion(url) : previewViewStrings.urlFetchQuestionUntrusted(url);
    const choice = await vscode.window.showWarningMessage(question, { modal: true, detail: previewViewStrings.urlFetchDetail }, previewViewStrings.urlFetchConfirm);
    if (choice === previewViewStrings.urlFetchConfirm) return true;
    this.refusal = { message: previewViewStrings.urlFetchDeclined(url), hint: previewViewStrings.urlFetchDeclinedHint };
    return false;
  };
}
