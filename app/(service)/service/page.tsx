import { redirect } from 'next/navigation';
import { requireUser } from '@/lib/auth';

export default async function ServiceHome() {
  await requireUser('admin');
  redirect('/service/structures');
}
