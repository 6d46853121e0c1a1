import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('downloadBlob', () => {
  it('clicks a temporary link to the blob with the file name, then removes it and frees the URL', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const link = {
      href: '',
      download: '',
      click: () => events.push(`click ${link.href} ${link.download}`),
      remove: () => events.push('remove'),
    };
    vi.stubGlobal('document', {
      createElement: (tag: string) => (tag === 'a' ? link : null),
      body: { append: () => events.push('append') },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:casa/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);

    downloadBlob(new Blob(['a;b']), 'clientes-2026-11-23.csv');

    expect(events).toEqual(['append', 'click blob:casa/1 clientes-2026-11-23.csv', 'remove']);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(revoke).toHaveBeenCalledWith('blob:casa/1');
  });
});
