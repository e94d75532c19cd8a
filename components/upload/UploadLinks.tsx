import Link from 'next/link';
import { type ButtonVariant, buttonClasses } from '@/components/ui/button';

/** To the upload page, for one document. */
export function NewExtractionLink({ variant = 'primary' }: { variant?: ButtonVariant }) {
  return (
    <Link href="/upload" className={buttonClasses(variant)}>
      New extraction
    </Link>
  );
}

/** To the upload page, for many documents sent together as a run. */
export function NewRunLink({ variant = 'primary' }: { variant?: ButtonVariant }) {
  return (
    <Link href="/upload?mode=many" className={buttonClasses(variant)}>
      New run
    </Link>
  );
}
