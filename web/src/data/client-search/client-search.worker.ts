// The search worker (issue 19): the client index (client-index.ts) built and kept current off the main
// thread, answering the search protocol (protocol.ts). It opens the replica itself; the main thread's
// writes reach its index through Dexie's storagemutated BroadcastChannel.
import { ReplicaDb } from '../db';
import { ClientIndex } from './client-index';
import type { SearchAnswer, SearchRequest } from './protocol';
import { ClientSearchHost, ForwardedBulkSignal } from './search-host';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
  postMessage(answer: SearchAnswer): void;
};

const bulk = new ForwardedBulkSignal();
let host: ClientSearchHost | null = null;

scope.onmessage = ({ data: request }) => {
  if (request.type === 'open') {
    const db = new ReplicaDb(request.dbName);
    host = new ClientSearchHost(db, new ClientIndex(db, request.firstPage, bulk), (answer) =>
      scope.postMessage(answer),
    );
  } else if (request.type === 'bulk') bulk.set(request.syncing);
  else host?.handle(request);
};
