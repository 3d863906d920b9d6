/** Types of importLayers.mjs, for the tests that use its functions. */
export declare const LAYERS: string[][];
export declare function unitOf(relative: string): { unit: string; rank: number } | undefined;
export declare function layerViolation(from: string, to: string): string | undefined;
export declare function resolveSpecifier(fromFile: string, specifier: string): string | undefined;
export declare function importGraph(root: string, folders: string[]): Map<string, string[]>;
export declare function importCycles(graph: Map<string, string[]>): { cycles: string[][]; cycleOf: Map<string, number> };
export declare const importLayersRule: unknown;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
