import { memberContracts } from '@assoc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { memberRecord } from '../../test/fixtures';
import { prefetchMemberScreen, takePrefetchedMember } from './prefetch';

const holder = memberRecord({ cstId: 7, parentId: null, custName: 'Maria Souza Lima', version: 3 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetchMemberScreen', () => {
  it("starts GET user/{cstId} of the holder (a dependent's holder) at once; the screen takes it once", async () => {
    const api = mockApi([mockContract(memberContracts.get, { body: holder }, { params: { cstId: 7 } })]);
    prefetchMemberScreen({ cstId: 9, parentId: 7 });
    expect(api.callsTo(memberContracts.get, { cstId: 7 })).toHaveLength(1);
    const taken = takePrefetchedMember(7);
    await expect(taken).resolves.toMatchObject({ cstId: 7, custName: 'Maria Souza Lima' });
    expect(takePrefetchedMember(7)).toBeUndefined();
    expect(takePrefetchedMember(9)).toBeUndefined();
  });

  it('a prefetch older than 5 s is not used (the screen reads the stored member again)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockApi([mockContract(memberContracts.get, { body: holder }, { params: { cstId: 7 } })]);
    prefetchMemberScreen({ cstId: 7, parentId: null });
    vi.setSystemTime(Date.now() + 5_001);
    expect(takePrefetchedMember(7)).toBeUndefined();
  });

  it('a new member (no cstId) fetches nothing', () => {
    const api = mockApi([]);
    prefetchMemberScreen({ cstId: -1, parentId: null });
    expect(api.calls).toHaveLength(0);
  });
});
