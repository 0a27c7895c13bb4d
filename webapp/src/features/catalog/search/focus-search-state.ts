/** Router state that asks the search box of the next page to take the focus (the Search tab). */
export interface FocusSearchState {
  focusSearch: true;
}

export function isFocusSearchState(state: unknown): state is FocusSearchState {
  return typeof state === 'object' && state !== null && 'focusSearch' in state;
}
