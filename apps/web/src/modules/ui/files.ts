/**
 * Spec 1 §5, spec 2 §5: a legacy XLS is refused as soon as it is chosen, by its name. Not by the browser's type: on
 * Windows browsers report a CSV as application/vnd.ms-excel too. The server refuses it by content as well.
 */
export const isXls = (file: File | null | undefined): boolean => !!file && /\.xls$/i.test(file.name);
