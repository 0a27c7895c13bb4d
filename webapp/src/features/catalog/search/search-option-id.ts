/** The id of the popup's option `index` in the list `listId`, for aria-activedescendant. */
export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}
