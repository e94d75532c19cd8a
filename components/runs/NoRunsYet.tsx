import Link from 'next/link';

/** What a list of runs says while there are none: how to start one. */
export function NoRunsYet() {
  return (
    <>
      No runs yet.{' '}
      <Link href="/upload?mode=many" className="font-medium text-indigo-700 underline">
        Send many documents
      </Link>{' '}
      at once to start one.
    </>
  );
}
