/**
 * The compare view's link to its host (the extension host through the VS Code webview API, or the page's own
 * host in a standalone export): messages checked against the compare protocol, and request/response by id
 * through the shared RequestChannel. Replies of an older generation are stale.
 */
import type { CompareHostReply, CompareHostToWebview, CompareWebviewToHost } from '../../src/core/protocol/compareProtocol';
import type { ChangePage, ChangeQuery, PairDetail } from '../../src/core/model/compareTypes';
import { isCompareHostToWebview } from '../../src/core/protocol/compareProtocol';
import { RequestChannel, StaleReplyError } from '../../src/core/channel/requestChannel';
import { guardedListener } from '../../src/core/channel/handshake';
import { onHostMessage, vsCodeApi } from '../shared/vscodeApi';
import type { CompareHostLink } from './compareHostLink';

/** The compare view inside a VS Code webview. */
function vsCodeCompareHost(): CompareHostLink {
  const api = vsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage: onHostMessage,
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
  };
}

/** A reply to a request of a superseded generation. */
export { StaleReplyError as StaleCompareReply };

export class CompareClient {
  private readonly channel = new RequestChannel<CompareHostReply>({
    errorOf: (reply) => (reply.type === 'error' ? new Error(reply.error) : undefined),
    generationOf: (reply) => (reply.type === 'error' ? undefined : reply.generation),
  });

  constructor(private readonly host: CompareHostLink = vsCodeCompareHost()) {}

  get generation(): number {
    return this.channel.generation;
  }

  /** Host messages that are not replies go to `listener`. */
  listen(listener: (message: Exclude<CompareHostToWebview, CompareHostReply>) => void): void {
    this.host.onMessage(guardedListener(isCompareHostToWebview, (message) => {
      if (message.type === 'changesResult' || message.type === 'pairResult' || message.type === 'error') this.channel.settle(message);
      else listener(message);
    }));
  }

  post(message: CompareWebviewToHost): void {
    this.host.post(message);
  }

  getState(): unknown {
    return this.host.getState();
  }

  setState(state: unknown): void {
    this.host.setState(state);
  }

  /** A new generation: outstanding requests are stale. */
  setGeneration(generation: number): void {
    this.channel.supersede(generation);
  }

  async changes(query: ChangeQuery): Promise<ChangePage> {
    const reply = await this.channel.request((id, generation) => this.post({ type: 'changes', id, generation, query }));
    if (reply.type !== 'changesResult') throw new Error('unexpected reply');
    return reply.page;
  }

  /** `baselineIndex`: the row's, when the pair is opened from a row. */
  async pair(candidate: number, sampleId: string, baselineIndex?: number): Promise<PairDetail> {
    const reply = await this.channel.request((id, generation) => this.post({ type: 'pair', id, generation, candidate, sampleId, ...(baselineIndex === undefined ? {} : { baselineIndex }) }));
    if (reply.type !== 'pairResult') throw new Error('unexpected reply');
    return reply.pair;
  }
}
