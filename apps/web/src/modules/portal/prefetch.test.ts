import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPortalRecord } from './prefetch';
import { portalRecordKey } from './hooks/usePortalRecord';
import { portalRecord } from './test/fixtures';

afterEach(() => vi.restoreAllMocks());

describe('prefetchPortalRecord (issue 28: the form the sign-in reply carried is not asked again)', () => {
  it('puts the form the sign-in reply carried in the cache, without a request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const queryClient = new QueryClient();
    const record = portalRecord({ cstId: 42 });
    prefetchPortalRecord(queryClient, 42, record);
    expect(queryClient.getQueryData(portalRecordKey(42))).toEqual(record);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks GET user/portal/{cstId} when the reply carried none, or another member’s', async () => {
    const record = portalRecord({ cstId: 42 });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(record));
    const queryClient = new QueryClient();
    prefetchPortalRecord(queryClient, 42, portalRecord({ cstId: 7 }));
    await vi.waitFor(() => expect(queryClient.getQueryData(portalRecordKey(42))).toEqual(record));
    expect(String(fetchSpy.mock.calls[0]![0])).toContain('/user/portal/42');
  });
});
