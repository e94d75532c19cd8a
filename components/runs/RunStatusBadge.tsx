import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<string, BadgeTone> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
};

export function RunStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'gray'}>{status}</Badge>;
}
