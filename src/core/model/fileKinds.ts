/** The kinds of file the extension knows (docs/semantics.md §1). */
export type FileKind = 'dataset' | 'generator' | 'log' | 'trace' | 'connection';
