/** A path into a JSON value: object keys and array indices, from the root. */
export type PathSegment = string | number;
export type JsonPath = PathSegment[];
