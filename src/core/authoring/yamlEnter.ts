/**
 * Where Enter puts the caret in YAML, as a person writing a spec expects it (the editor's own YAML rules keep the
 * indentation of the line before). After `key:` with no value the value or mapping nests one level deeper; a
 * list item that starts a mapping with a key and its value (`- expression: "{{ sample.x }}"`) continues with
 * the mapping's next key, so the new line aligns with that key, not with the dash.
 */

export interface YamlEnterRule {
  /** The line before Enter. */
  beforeText: RegExp;
  /** Whether the new line goes one indentation level deeper than that line. */
  indent: boolean;
  /** Text after the new line's indentation. */
  appendText: string;
}

/** `key:` or `- key:` with no value (a comment may follow). */
const KEY_WITHOUT_VALUE = /^\s*(?:- +)?(?![-#{[\s"'|>])[^#]*[^:#\s]:[ \t]*(?:#.*)?$/;

/** A block sequence item whose mapping's first key has its value on the same line, with `spaces` after the dash. */
function listItemWithKeyValue(spaces: number): RegExp {
  return new RegExp(`^\\s*- {${spaces}}(?![-#{[\\s"'|>])[^:#]*[^:#\\s]:[ \\t]+[^\\s#].*$`);
}

/** The rules in the order they are tried (the first that matches applies). */
export const YAML_ENTER_RULES: readonly YamlEnterRule[] = [
  { beforeText: KEY_WITHOUT_VALUE, indent: true, appendText: '' },
  ...[1, 2, 3].map((spaces) => ({ beforeText: listItemWithKeyValue(spaces), indent: false, appendText: ' '.repeat(spaces + 1) })),
];
