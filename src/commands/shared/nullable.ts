/** `guest` and `none` stand for the API's null (no organization role, no value). */
export const nullable = (value: string | undefined) => (value === 'guest' || value === 'none' ? null : value);
