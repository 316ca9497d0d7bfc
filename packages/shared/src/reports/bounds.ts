/** How much one report may hold, in elements, nesting, bytes and characters. */
export const reportBounds = {
  /** Elements of one report, nested ones included. */
  elementsMax: 300,
  /** Levels of nesting: a page of sections of columns of elements is deep enough. */
  depthMax: 5,
  /** Bytes of the content as JSON (a rich text's tables included). */
  contentBytesMax: 512 * 1024,
  /** Levels of a JSON value before it is parsed: bounds the recursion of the schema. */
  jsonDepthMax: 64,
  dataslotsMax: 20,
  selectionsMax: 50,
  textMax: 1000,
  titleMax: 200,
  captionMax: 500,
  imagesMax: 20,
  pinsMax: 50,
  /** Nodes of one rich text (paragraphs, list items, table cells, runs of text). */
  richTextNodesMax: 5000,
  richTextTextMax: 20_000,
  linkMax: 2000,
} as const;

/** The messages of reports' inputs, as i18n keys. */
export const reportErrors = {
  tooLarge: 'The report is too large',
  tooManyElements: 'At most 300 elements in a report',
  tooDeep: 'Elements are nested too deeply',
  duplicateElementId: 'Two elements have the same id',
  unknownDataslot: 'No such data slot in this report',
  duplicateDataslotId: 'Two data slots have the same id',
  unsupportedVersion: 'This report was saved by a newer version of Olo',
  invalidLink: 'Links must start with http://, https:// or mailto:',
  changedElsewhere: 'The report was changed elsewhere: reload to see the changes',
  coverElements: 'A cover holds only texts and rich texts',
  outsideOrganization: "Choose a cover, print template or logo of the project's organization",
} as const;
