/** True when a key press lands in a place that takes text: single keys must not fire there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
    type,
  );
}

/**
 * Puts `text` into a form control the way typing would, so a React-controlled field sees it
 * through its own onChange (used to fill the focused field from a selection in the document).
 */
export function fillField(el: HTMLInputElement | HTMLTextAreaElement, text: string): boolean {
  const value = text.replace(/\s+/g, ' ').trim();
  if (!value || !el.isConnected || el.disabled || el.readOnly) return false;
  // Number and date fields read the text as printed ("€ 1.234,56", "31.12.2026") themselves.
  const next = value;
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, next);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.focus();
  return true;
}
