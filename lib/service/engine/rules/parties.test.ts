import { describe, expect, it } from 'vitest';
import { isAttentionLine } from './parties';

describe('isAttentionLine', () => {
  it('knows who is to read a letter, not where it goes', () => {
    expect(isAttentionLine('z. Hd. Frau Petra Brandt')).toBe(true);
    expect(isAttentionLine('Attn: Accounts Payable')).toBe(true);
    expect(isAttentionLine('Herrn Dr. Klaus Weber')).toBe(true);
    expect(isAttentionLine('Sägewerkstraße 3')).toBe(false);
    expect(isAttentionLine('72070 Tübingen')).toBe(false);
  });

  it('is not hidden by a speck OCR read as a quote or a dot before it', () => {
    expect(isAttentionLine("'z. Hd. Frau Petra Brandt")).toBe(true);
    expect(isAttentionLine('‘Attn: Accounts Payable')).toBe(true);
    expect(isAttentionLine('. Herrn Dr. Klaus Weber')).toBe(true);
  });
});
