/** The options of a listbox (Select, MultiSelect), shared by their stand-ins and Headless UI's listbox (client/ui/OpenedListbox.tsx). */

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/** The options of a list of values, each named by its label (a map of labels, or the value itself). */
export function optionsOf<T extends string>(values: readonly T[], labels?: Readonly<Record<T, string>> | ((value: T) => string)): SelectOption<T>[] {
  const labelOf = typeof labels === 'function' ? labels : (v: T) => labels?.[v] ?? v;
  return values.map((value) => ({ value, label: labelOf(value) }));
}

