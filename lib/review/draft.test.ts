import { describe, expect, it } from 'vitest';
import { draftKey, makeDraft, parseDraft, rebase } from '@/lib/review/draft';

const base = { total: 1, line_items: [{ amount: 1 }] };

describe('review drafts', () => {
  it('is null when nothing changed, else the patches against the base version', () => {
    expect(makeDraft('e1', 't1', base, structuredClone(base))).toBeNull();
    const draft = makeDraft('e1', 't1', base, { ...base, total: 2 });
    expect(draft).toMatchObject({
      entryId: 'e1',
      baseUpdatedAt: 't1',
      patches: [{ path: '/total', value: 2 }],
    });
  });

  it('round-trips through storage text and refuses anything else', () => {
    const draft = makeDraft('e1', 't1', base, { ...base, total: 2 });
    expect(parseDraft(JSON.stringify(draft), 'e1')).toEqual(draft);
    expect(parseDraft(JSON.stringify(draft), 'e2')).toBeNull();
    expect(parseDraft('not json', 'e1')).toBeNull();
    expect(parseDraft(null, 'e1')).toBeNull();
    expect(parseDraft(JSON.stringify({ entryId: 'e1', baseUpdatedAt: 't', patches: [1] }), 'e1')).toBeNull();
    expect(draftKey('e1')).toContain('e1');
  });

  it('re-applies edits on a newer version, or says why it cannot', () => {
    const newer = { total: 1, line_items: [{ amount: 5 }], note: 'x' };
    expect(rebase(newer, [{ path: '/total', value: 2 }])).toEqual({
      ok: true,
      data: { ...newer, total: 2 },
      changes: 1,
    });
    expect(rebase(newer, [{ path: '/total', value: 1 }])).toMatchObject({ ok: true, changes: 0 });
    expect(rebase({ total: 1 }, [{ path: '/line_items/0/amount', value: 2 }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('/line_items/0/amount'),
    });
  });
});
