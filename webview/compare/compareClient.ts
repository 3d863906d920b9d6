/**
 * The compare view's link to its host (the extension host through the VS Code webview API, or the page's own
 * host in a standalone export): messages checked against the compare protocol, and request/response by id.
 * Replies of an older generation are stale.
 */
import type { CompareHostReply, CompareHostToWebview, CompareWebviewToHost } from '../../src/core/protocol/compareProtocol';
import type { ChangePage, ChangeQuery, PairDetail } from '../../src/core/model/compareTypes';
import { isCompareHostToWebview } from '../../src/core/protocol/compareProtocol';
import type { CompareHostLink } from './compareHostLink';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The compare view inside a VS Code webview. */
export function vsCodeCompareHost(): CompareHostLink {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage: (listener) => window.addEventListener('message', (event: MessageEvent<unknown>) => listener(event.data)),
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
  };
}

export class StaleCompareReply extends Error {
  constructor() {
    super('stale reply');
  }
}

export class CompareClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(reply: CompareHostReply): void; reject(error: Error): void }>();
  generation = 0;

  constructor(private readonly host: CompareHostLink = vsCodeCompareHost()) {}

  /** Host messages that are not replies go to `listener`. */
  listen(listener: (message: Exclude<CompareHostToWebview, CompareHostReply>) => void): void {
    this.host.onMessage((message) => {
      if (!isCompareHostToWebview(message)) return;
      if (message.type === 'changesResult' || message.type === 'pairResult' || message.type === 'error') {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.type === 'error') pending.reject(new Error(message.error));
        else if (message.generation !== this.generation) pending.reject(new StaleCompareReply());
        else pending.resolve(message);
        return;
      }
      listener(message);
    });
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
    this.generation = generation;
    for (const pending of this.pending.values()) pending.reject(new StaleCompareReply());
    this.pending.clear();
  }

  async changes(query: ChangeQuery): Promise<ChangePage> {
    const reply = await this.request((id) => this.post({ type: 'changes', id, generation: this.generation, query }));
    if (reply.type !== 'changesResult') throw new Error('unexpected reply');
    return reply.page;
  }

  async pair(candidate: number, sampleId: string): Promise<PairDetail> {
    const reply = await this.request((id) => this.post({ type: 'pair', id, generation: this.generation, candidate, sampleId }));
    if (reply.type !== 'pairResult') throw new Error('unexpected reply');
    return reply.pair;
  }

  private request(send: (id: number) => void): Promise<CompareHostReply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      send(id);
    });
  }
}
