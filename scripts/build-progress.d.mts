export interface BuildStep {
  label: string;
  command: string;
  args: string[];
  cwd?: string;
}

export function runSteps(steps: BuildStep[], options?: { out?: { write(s: string): unknown; isTTY?: boolean }; tickMs?: number }): Promise<void>;
