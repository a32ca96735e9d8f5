/** Where a node sits in the document: keys of maps and indexes of lists, e.g. ['endpoints', 3]. */
export type DocPath = readonly (string | number)[];

/** One replacement of the text: `length` characters at `offset` become `text`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}
