import { Badge, type BadgeTone } from '@/components/ui/badge';

const statusTones: Record<string, BadgeTone> = {
  completed: 'green',
  completed_with_errors: 'amber',
  failed: 'red',
  pending: 'gray',
  processing: 'blue',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{status.replaceAll('_', ' ')}</Badge>;
}

const reviewTones: Record<string, BadgeTone> = {
  to_review: 'gray',
  corrected: 'indigo',
  approved: 'green',
  rejected: 'red',
};

export function ReviewStateBadge({ state }: { state: string }) {
  return <Badge tone={reviewTones[state] ?? 'gray'}>{state.replaceAll('_', ' ')}</Badge>;
}
