/** Learning from corrections, measured on the held-out A/B pairs (filled in with the memory). */
export async function measureLearning(_dir: string, _entries: unknown[]): Promise<string[]> {
  return ['### Learning from corrections', '', 'Not measured yet.', ''];
}
