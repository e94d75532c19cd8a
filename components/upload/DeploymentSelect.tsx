import { Select } from '@/components/ui/input';

/** The deployment to extract with, the first one chosen to begin with. */
export function DeploymentSelect({
  id,
  deployments,
  disabled,
}: {
  id: string;
  deployments: { id: string; name: string }[];
  disabled?: boolean;
}) {
  return (
    <Select id={id} name="deploymentId" required defaultValue={deployments[0]?.id} disabled={disabled}>
      {deployments.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </Select>
  );
}
