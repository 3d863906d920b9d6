/**
 * Request/response over a ReportHost through the shared RequestChannel: each request gets an id, its reply
 * resolves or rejects it. Replies of an older generation (the file changed on disk meanwhile) are rejected
 * as stale.
 */
import type { HostToWebview, HostReply } from '../../src/core/protocol/logReportProtocol';
import type { SampleDetail, SamplePage, SampleQuery } from '../../src/core/model/logViewTypes';
import { RequestChannel, StaleReplyError } from '../../src/core/channel/requestChannel';
import type { ReportHost } from './reportHost';

export { StaleReplyError };

export class ReportClient {
  private readonly channel = new RequestChannel<HostReply>({
    errorOf: (reply) => (reply.type === 'error' ? new Error(reply.error) : undefined),
    generationOf: (reply) => (reply.type === 'pageResult' ? reply.page.generation : reply.type === 'detailResult' ? reply.detail.generation : undefined),
  });

  constructor(private readonly host: ReportHost) {}

  get generation(): number {
    return this.channel.generation;
  }

  /** Feed every host message here; returns true when it was a reply this client consumed. */
  handle(message: HostToWebview): boolean {
    if (message.type !== 'pageResult' && message.type !== 'detailResult' && message.type !== 'error') return false;
    this.channel.settle(message);
    return true;
  }

  /** A new generation: every outstanding request is stale. */
  setGeneration(generation: number): void {
    this.channel.supersede(generation);
  }

  async page(query: SampleQuery): Promise<SamplePage> {
    const reply = await this.channel.request((id, generation) => this.host.post({ type: 'page', id, generation, query }));
    if (reply.type !== 'pageResult') throw new Error('unexpected reply');
    return reply.page;
  }

  async detail(index: number, runIndex?: number): Promise<SampleDetail> {
    const reply = await this.channel.request((id, generation) => this.host.post({ type: 'detail', id, generation, index, runIndex }));
    if (reply.type !== 'detailResult') throw new Error('unexpected reply');
    return reply.detail;
  }
}
