/**
 * The file picker of ITS: a secondary button with the folder icon and the chosen file's name (or
 * "No file chosen"), in the kit's look instead of the browser's. The native input stays in the
 * page, visually hidden, so that it keeps the keyboard focus (shown on the button), its label
 * and forms; the button is its label, so a click opens the browser's picker.
 */
import { useContext, useEffect, useId, useImperativeHandle, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { IntlContext } from 'react-intl';
import { Icon } from './Icon';

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'multiple' | 'children' | 'className'> {
  /** The chosen file; null clears the input (e.g. after the file was sent). */
  file: File | null;
  onChange: (file: File | null) => void;
  /** On the control, for layout. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

export function FileInput({ file, onChange, className, ref, id, disabled, ...input }: FileInputProps) {
  const intl = useContext(IntlContext);
  const own = useId();
  const inputId = id ?? own;
  const el = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => el.current as HTMLInputElement, []);
  useEffect(() => {
    if (!file && el.current) el.current.value = '';
  }, [file]);
  return (
    <span className={`its-file${disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}>
      <input
        {...input}
        id={inputId}
        ref={el}
        type="file"
        className="its-file__input"
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
      />
      <label htmlFor={inputId} className="its-btn its-btn--secondary its-file__button">
        <Icon name="folder" size={15} />
        {intl?.formatMessage({ id: 'kit.file.choose', defaultMessage: 'Choose file' }) ?? 'Choose file'}
      </label>
      <span className={`its-file__name${file ? '' : ' is-empty'}`} title={file?.name}>
        {file ? file.name : (intl?.formatMessage({ id: 'kit.file.none', defaultMessage: 'No file chosen' }) ?? 'No file chosen')}
      </span>
    </span>
  );
}
