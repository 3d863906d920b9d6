/**
 * Request/response over a ReportHost: each request gets an id, its reply resolves or rejects it. Replies
 * of an older generation (the file changed on disk meanwhile) are rejected as stale.
 */
import type { HostToWebview, HostReply } from '../../src/core/protocol/logReportProtocol';
import type { SampleDetail, SamplePage, SampleQuery } from '../../src/core/model/logViewTypes';
import type { ReportHost } from './reportHost';

export class StaleReplyError extends Error {
  constructor() {
    super('stale reply');
  }
}

interface Pending {
  resolve(reply: HostReply): void;
  reject(error: Error): void;
}

export class ReportClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  generation = 0;

  constructor(private readonly host: ReportHost) {}

  /** Feed every host message here; returns true when it was a reply this client consumed. */
  handle(message: HostToWebview): boolean {
    if (message.type !== 'pageResult' && message.type !== 'detailResult' && message.type !== 'error') return false;
    const pending = this.pending.get(message.id);
    if (!pending) return true;
    this.pending.delete(message.id);
    if (message.type === 'error') pending.reject(new Error(message.error));
    else pending.resolve(message);
    return true;
  }

  /** A new generation: every outstanding request is stale. */
  setGeneration(generation: number): void {
    this.generation = generation;
    for (const pending of this.pending.values()) pending.reject(new StaleReplyError());
    this.pending.clear();
  }

  async page(query: SampleQuery): Promise<SamplePage> {
    const generation = this.generation;
    const reply = await this.request((id) => this.host.post({ type: 'page', id, generation, query }));
    if (reply.type !== 'pageResult') throw new Error('unexpected reply');
    if (reply.page.generation !== this.generation) throw new StaleReplyError();
    return reply.page;
  }

  async detail(index: number, runIndex?: number): Promise<SampleDetail> {
    const generation = this.generation;
    const reply = await this.request((id) => this.host.post({ type: 'detail', id, generation, index, runIndex }));
    if (reply.type !== 'detailResult') throw new Error('unexpected reply');
    if (reply.detail.generation !== this.generation) throw new StaleReplyError();
    return reply.detail;
  }

  private request(send: (id: number) => void): Promise<HostReply> {
    const id = this.nextId++;
    return new Promise<HostReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      send(id);
    });
  }
}
