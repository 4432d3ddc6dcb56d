import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The classes of a field row, from the feature's stylesheet. */
export interface FieldClasses {
  field: string;
  label: string;
  input: string;
  /** A box around the input and its extra (a button after it); none when absent. */
  control?: string;
}

/**
 * A form row: a label, then the input it names (through a generated id unless one is given), then an
 * optional hint line.
 */
export function FormField({
  label,
  classes,
  extra,
  hint,
  id,
  ...input
}: {
  label: ReactNode;
  classes: FieldClasses;
  extra?: ReactNode;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  const control = <input id={inputId} className={classes.input} {...input} />;
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={inputId}>
        {label}
      </label>
      {classes.control === undefined ? (
        control
      ) : (
        <div className={classes.control}>
          {control}
          {extra}
        </div>
      )}
      {hint}
    </div>
  );
}
