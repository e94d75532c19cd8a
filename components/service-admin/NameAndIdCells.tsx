import Link from 'next/link';
import { Id, Td } from '@/components/ui/table';

/** The first two cells of a row in the service's lists: the name, opening its page, then the id. */
export function NameAndIdCells({ href, name, id }: { href: string; name: string; id: string }) {
  return (
    <>
      <Td>
        <Link href={href} className="font-medium text-indigo-700 hover:underline">
          {name}
        </Link>
      </Td>
      <Td>
        <Id value={id} />
      </Td>
    </>
  );
}
