import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * react-hook-form registration as MUI TextField props (inputRef, label, error, helperText), so a form's
 * fields read `<TextField {...field('email', 'Email', 'email')} />`.
 */
export function textFieldProps<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, label: string, autoComplete?: string) => {
    const { ref, ...rest } = register(name);
    const message = errors[name]?.message;
    return {
      ...rest,
      inputRef: ref,
      label,
      autoComplete,
      error: Boolean(errors[name]),
      helperText: typeof message === 'string' ? message : undefined,
    };
  };
}
