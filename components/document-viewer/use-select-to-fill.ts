'use client';

import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Selecting text in the document (PDF text layer or plain text) fills the field last focused.
 * Returns the text the last selection filled a field with.
 */
export function useSelectToFill(
  root: RefObject<HTMLElement | null>,
  onSelectText: ((text: string) => boolean) | undefined,
): string | null {
  const [filled, setFilled] = useState<string | null>(null);
  // In a ref: the page passes a new function on each render, the listener stays the same.
  const select = useRef(onSelectText);
  select.current = onSelectText;
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onMouseUp = () => {
      const selected = window.getSelection()?.toString().trim();
      if (!select.current || !selected || selected.length > 500) return;
      if (select.current(selected)) {
        setFilled(selected);
        window.getSelection()?.removeAllRanges();
      }
    };
    el.addEventListener('mouseup', onMouseUp);
    return () => el.removeEventListener('mouseup', onMouseUp);
  }, [root]);
  return filled;
}
