import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: the longest first, across projects, so that the two workers end
 * together instead of one finishing a long file alone. Vitest's own order runs a group's projects
 * one after the other ('api' before 'scale', whose files are the longest). Durations come from the
 * last run's results (node_modules/.vite); a run without them for every file (a fresh clone) starts
 * the scale tier, then the larger files.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(config.root, spec.moduleId)}`;
    const duration = (spec: TestSpecification) => cache.getFileTestResults(key(spec))?.duration;
    const allKnown = files.every((spec) => duration(spec) !== undefined);
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    const weight = (spec: TestSpecification) =>
      allKnown ? (duration(spec) as number) : (spec.project.name === 'scale' ? 1e9 : 0) + size(spec);
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || weight(b) - weight(a),
    );
  }
}
