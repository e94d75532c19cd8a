import type { InputHTMLAttributes, Ref } from 'react';
import { fieldClasses } from '@/components/ui/input';

/** What the service reads: PDF, images, Word, Excel, text and CSV (one list for every upload form). */
export const DOCUMENT_TYPES =
  '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.webp,.docx,.xlsx,.txt,.csv,application/pdf,image/*,text/plain';

/** The file input of the upload forms; a run also takes ZIP archives of documents. */
export function FilePicker({
  zip = false,
  ref,
  className = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'accept'> & {
  zip?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={zip ? `${DOCUMENT_TYPES},.zip,application/zip` : DOCUMENT_TYPES}
      className={`${fieldClasses} file:mr-3 file:rounded file:border-0 file:bg-indigo-50 file:px-2 file:py-1 file:text-indigo-700 ${className}`}
      {...props}
    />
  );
}
