/**
 * The v3 `resource_*` fields of an entry, a batch or an async answer: the structure version the
 * documents were read against. Written in one place so every answer names it the same way.
 */
export function structureResource(structure: { id: string; version: number }) {
  return {
    resource_type: 'structure',
    resource_id: structure.id,
    resource_version_number: structure.version,
  } as const;
}
