/** The source type of a public dataset hub split (docs/semantics.md §9.4), as its messages and facts name it. */
export const HUB_SOURCE_TYPE = 'dataset_hub';
/** The product the source reads, as messages name it. */
export const HUB_LABEL = `Hugging Face (${HUB_SOURCE_TYPE})`;
