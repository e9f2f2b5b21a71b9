/** Types of pg15.mjs for the TypeScript that imports it (tests). */
export declare const PG15_BIN: string;
export declare function assertPg15Installed(): void;
export declare function startPg15(): Promise<{ url: string; port: number; stop(): Promise<void> }>;
