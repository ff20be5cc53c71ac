import {
  type AnimationEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
}

/**
 * MUI's outlined TextField (size small) in plain React: the floating label, the notched outline,
 * the error text under it. Browser autofill shrinks the label as MUI's does (an animation that
 * starts on :-webkit-autofill).
 */
export function PlainTextField({
  label,
  error,
  id,
  inputRef,
  endAdornment,
  value,
  onFocus,
  onBlur,
  ...input
}: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [focused, setFocused] = useState(false);
  const [autofilled, setAutofilled] = useState(false);
  const own = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof inputRef === 'function') inputRef(el);
      else if (inputRef) inputRef.current = el;
    },
    [inputRef],
  );
  const shrink = focused || autofilled || (value !== undefined && value !== '');
  const classes = [
    'ph-field',
    shrink && 'ph-field--shrink',
    focused && 'ph-field--focused',
    error && 'ph-field--error',
  ];
  const onAnimationStart = (e: AnimationEvent<HTMLInputElement>) =>
    setAutofilled(e.animationName === 'ph-auto-fill');
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="ph-field__label" htmlFor={inputId}>
        {label}
      </label>
      {/* A click on the frame (not only on the text) focuses the input, as in MUI. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the input inside is the control */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside takes the keys */}
      <div
        className={endAdornment ? 'ph-field__root ph-field__root--end' : 'ph-field__root'}
        onClick={(e) => {
          if (e.target === e.currentTarget) own.current?.focus();
        }}
      >
        <input
          {...input}
          id={inputId}
          ref={setRef}
          value={value}
          className="ph-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onAnimationStart={onAnimationStart}
          onFocus={(e) => {
            setFocused(true);
            onFocus?.(e);
          }}
          onBlur={(e) => {
            setFocused(false);
            onBlur?.(e);
          }}
        />
        {endAdornment && <div className="ph-field__adornment">{endAdornment}</div>}
        <fieldset aria-hidden="true" className="ph-field__outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p className="ph-field__helper" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
