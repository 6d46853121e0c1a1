// The page writer's worker (issue 19, page-writer.ts): pulled pages written off the main thread.
import { PageWriterHost } from './page-writer.host';
import type { WriterAnswer, WriterRequest } from './page-writer.protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WriterRequest>) => void) | null;
  postMessage(answer: WriterAnswer): void;
};

const host = new PageWriterHost((answer) => scope.postMessage(answer));
scope.onmessage = ({ data }) => void host.handle(data);
