/** Types of build-server.mjs for the TypeScript that imports it (test set-up, bench). */
export interface ServerBuildOptions {
  /** Output name → source path from the repository root. */
  entries?: Record<string, string>;
  /** Inside the repository, from its root. */
  outdir?: string;
}
export declare const SERVER_ENTRIES: Record<string, string>;
export declare const SERVER_OUTDIR: string;
export declare function buildServer(options?: ServerBuildOptions): Promise<{ ms: number; files: string[] }>;
export declare function serverBuildStale(options?: ServerBuildOptions): boolean;
export declare function ensureServerBuilt(options?: ServerBuildOptions): Promise<boolean>;
