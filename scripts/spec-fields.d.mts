/** The spec's data model as generated JSON text (scripts/spec-fields.mjs). */
export declare const OUTPUT: string;
export declare const SPEC_FILES: string[];
export declare function render(specDir: string): string;
export declare function extract(specDir: string): unknown;
