import { previewCsvBytes } from './csv-preview';

/** Runs the import preview off the page's thread (see previewCsvFile). */
self.onmessage = (event: MessageEvent<{ name: string; bytes: ArrayBuffer }>) => {
  self.postMessage(previewCsvBytes(event.data.name, new Uint8Array(event.data.bytes)));
};
